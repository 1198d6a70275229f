"""Pure game engines: one package per game, the contract in ``games.core``, players in ``games.players``.

Nothing under ``games`` does I/O, talks to Discord, or touches the global random generator.
"""
