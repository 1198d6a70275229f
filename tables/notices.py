"""The kinds of post the table and tournament services leave in the outbox.

Every Discord post that follows a stored change is written to the outbox in the change's own
transaction (``storage.Changes.post``) as facts, never as Discord text: the adapter that
delivers it (the bot's relay) renders each kind in the reader's language after the commit, and
after a crash delivers what the last process left undelivered. The payloads name tables, seats
and users by id; they hold nothing a seat may not see, since what is private (a hand) is read
from the stored table when the post is delivered, for its holder alone.

Kinds and their payloads:
- ``turn``: a stored change at a table: ``table``, ``from_seq`` and ``seq`` (the actions it
  covers), ``actor`` (the member who moved, who needs no DM), ``events`` (the public events,
  ``[kind, data]`` pairs), ``notes`` (what else to say: a timeout, a hand-over, a table played
  out at a deadline), ``handed_to`` (a seat's new holder, who gets the hand privately) and
  ``catch_up`` (written by the first deadline run after a start).
- ``reminder``: a seat's clock reminder: ``table``, ``seat``, ``user``, ``due``, ``number``.
- ``cancelled``: a running table was cancelled: ``table``.
- ``vacation_over``: ``user``'s vacation reached its end.
- ``tournament``: a tournament's post: ``tournament``, ``event`` (the kind), ``round``,
  ``tables``, ``byes``, ``deadline``, ``standings``.
- ``handover_request``: ask a member to take over a seat (``request``): by DM, else with a
  mention in the table's thread; the delivery records how (``via``) for the asking flow.
- ``handover_declined`` / ``handover_lapsed``: tell the host how ``request`` ended.
- ``lobby_expired``: a lobby nobody started closed itself (``table``, ``days``).
"""

from __future__ import annotations

TURN = "turn"
REMINDER = "reminder"
CANCELLED = "cancelled"
VACATION_OVER = "vacation_over"
TOURNAMENT = "tournament"
HANDOVER_REQUEST = "handover_request"
HANDOVER_DECLINED = "handover_declined"
HANDOVER_LAPSED = "handover_lapsed"
LOBBY_EXPIRED = "lobby_expired"
KINDS = (
    TURN,
    REMINDER,
    CANCELLED,
    VACATION_OVER,
    TOURNAMENT,
    HANDOVER_REQUEST,
    HANDOVER_DECLINED,
    HANDOVER_LAPSED,
    LOBBY_EXPIRED,
)
