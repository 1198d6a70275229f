"""The stored JSON writer: the same text as ``json.JSONEncoder`` with the stored options.

Snapshots, posts and clocks are written by ``compact_json``'s function, built once, instead of
``JSONEncoder.encode``, which builds a new encoder for every call. What is stored must not
change: the same text for every value, the same refusal of what JSON cannot hold.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from storage.base import TableRef, compact_json, json_with_refs

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=30,
)


def reference(ensure_ascii: bool) -> json.JSONEncoder:
    return json.JSONEncoder(
        separators=(",", ":"), ensure_ascii=ensure_ascii, allow_nan=False, default=json_with_refs
    )


@given(json_values)
def test_compact_json_writes_the_encoders_text_for_every_value(value: Any) -> None:
    """Stored text is byte for byte what ``JSONEncoder.encode`` writes, both ways of escaping."""
    for ensure_ascii in (False, True):
        assert compact_json(ensure_ascii=ensure_ascii)(value) == reference(ensure_ascii).encode(
            value
        )


def test_compact_json_writes_a_table_reference_as_its_id() -> None:
    """A ``TableRef`` inside a commit is stored as the id the new table got."""
    ref = TableRef()
    ref.id = 41
    dumps = compact_json(ensure_ascii=False)
    assert dumps({"table": ref, "seats": [ref]}) == '{"table":41,"seats":[41]}'


@pytest.mark.parametrize("number", [math.nan, math.inf, -math.inf])
def test_compact_json_refuses_what_json_cannot_hold(number: float) -> None:
    """A state must stay JSON-native to replay anywhere: NaN and infinities are refused."""
    with pytest.raises(ValueError, match="Out of range float values are not JSON compliant"):
        compact_json(ensure_ascii=False)({"score": number})


def test_compact_json_refuses_an_object_json_cannot_hold() -> None:
    """Anything but JSON's own types and a table reference is refused, as before."""
    with pytest.raises(TypeError, match="set is not JSON"):
        compact_json(ensure_ascii=True)({"cards": {1, 2}})


def test_compact_json_can_be_used_again_after_a_refusal() -> None:
    """A refused value leaves nothing behind: the next value is written as usual."""
    dumps = compact_json(ensure_ascii=False)
    with pytest.raises(TypeError, match="object is not JSON"):
        dumps({"a": [object()]})
    assert dumps({"a": [1, "ü"]}) == '{"a":[1,"ü"]}'
