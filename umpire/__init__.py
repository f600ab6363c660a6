"""umpire: an umpire's assistant for age-of-sail naval wargames played on a real table."""

__version__ = "0.1.0"
