"""Names people chose are shown in posts that may ping players: they must never ping anyone."""

from __future__ import annotations

import re
from types import SimpleNamespace

from bot.flows import as_member

MENTION = re.compile(r"<@[!&]?\d+>|@(everyone|here)\b")


def test_a_display_name_that_spells_a_mention_pings_nobody():
    """Invariant (no surprises in public posts): a member named like a mention or @everyone is
    stored with the mention defused, so thread notes that allow user pings cannot ping through
    the name; the visible name stays the same apart from an invisible space."""
    user = SimpleNamespace(id=42, display_name="<@123456789012345678> @everyone Anna")
    member = as_member(user)
    assert member.user_id == "42"
    assert not MENTION.search(member.name)
    assert member.name.replace("\u200b", "") == user.display_name


def test_an_ordinary_name_is_kept_as_it_is():
    """An ordinary name, umlauts included, is stored unchanged."""
    member = as_member(SimpleNamespace(id=7, display_name="Jörg Müller"))
    assert member.name == "Jörg Müller"
