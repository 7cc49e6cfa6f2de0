"""Host formats: none in this set (messages-f covers the device / accelerator side; messages-g covers host / process / cluster)."""

CASES: list[dict] = []
