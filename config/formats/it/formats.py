"""Italian dates without a leading zero on the day: "1 Dicembre 2026" (Django's own
is "01 Dicembre 2026"). Every other format is Django's Italian one."""

DATE_FORMAT = "j F Y"
