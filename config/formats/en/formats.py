"""English dates as the site writes them: "1 December 2026" (Django's own is "Dec. 1,
2026"). Every other format is Django's English one."""

DATE_FORMAT = "j F Y"
