"""Tischrunde: the command line and settings that tie the layers together."""
