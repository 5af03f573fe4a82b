"""Covering puzzles encoded as exact cover problems."""
