"""Playing Sheepshead: tables, hands and the home page."""
