"""Device-memory formats: none in this set (messages-g covers the host / process / cluster / data side; the device
side of the same session is messages-f's)."""

CASES: list[dict] = []
