"""Why the application refused a request, as a kind an adapter can react to."""

from __future__ import annotations

from enum import StrEnum


class ErrorKind(StrEnum):
    """Why a request was refused, for an adapter that reacts to it (the text is ``reason``)."""

    REFUSED = "refused"
    """Anything else: the reason says it all."""
    UNKNOWN = "unknown"
    """No such table, tournament or request."""
    FOREIGN = "foreign"
    """Not the requester's seat or request."""
    FORBIDDEN = "forbidden"
    """Only the host, an organiser or a manager may do this."""
    ILLEGAL = "illegal"
    """Not a legal move now."""
    TURN = "turn"
    """A move of a seat that is not to act."""
    STALE = "stale"
    """The table or request moved on since the requester saw it."""
    LIMIT = "limit"
    """A server's limit is reached."""
    CONFIRM = "confirm"
    """A legal but costly move asked to be confirmed first; ``reason`` is the question."""
