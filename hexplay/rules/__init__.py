"""Rulesets: one subpackage per game."""
