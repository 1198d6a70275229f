"""The application: tables of seated players, their lifecycle, moves and views, without Discord."""
