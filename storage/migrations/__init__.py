"""Numbered SQL migrations (NNNN_name.sql), applied in order at ``open()``."""
