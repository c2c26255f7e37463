from __future__ import annotations

import pytest
from telemetry_recorder import RecordingTelemetry


@pytest.fixture
def telemetry() -> RecordingTelemetry:
    return RecordingTelemetry()
