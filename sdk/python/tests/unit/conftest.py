import sys
from pathlib import Path

# Tests run against the source tree (or the installed package when src is absent).
SRC = Path(__file__).resolve().parents[2] / "src"
if SRC.exists():
    sys.path.insert(0, str(SRC))
