"""The window sizes the browser tests use."""

#: A small phone, the narrowest screen the site is checked on.
PHONE = {"width": 360, "height": 640}
#: A desktop window.
WIDE = {"width": 1280, "height": 800}
