"""In-tree build backend: setuptools, plus mypy when a compiled build is asked for.

``TABLERO_MYPYC=1 pip install .`` compiles the engine's hot modules with mypyc (about twice as fast, the
way black and mypy ship). mypy is then needed at build time only, so it is asked for here instead of in
``build-system.requires``: a plain install does not download it. Editable installs are never compiled,
because compiled modules would shadow the sources being edited.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _orig
from setuptools.build_meta import *  # noqa: F403  (the whole PEP 517/660 interface)

# mypyc type-checks what the compiled modules import, card files' YAML loader, the message catalogues'
# reader (Babel) and the board schema's pydantic included.
MYPYC_NEEDS = ["mypy>=1.10,<2", "types-PyYAML>=6.0,<7", "PyYAML>=6.0,<7", "click>=8.1,<9", "mypy_extensions>=1.0,<2",
               "babel>=2.12,<3", "pydantic>=2.5,<3"]


def _compiled() -> bool:
    return os.environ.get("TABLERO_MYPYC") == "1"


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    # Not setuptools' own hook: it runs setup.py, which needs mypyc before it could be installed.
    return list(MYPYC_NEEDS) if _compiled() else []


# Editable installs are never compiled (see the module docstring). pip runs each hook in its own process,
# so every editable hook drops the switch.
def get_requires_for_build_editable(config_settings: Any = None) -> list[str]:
    os.environ.pop("TABLERO_MYPYC", None)
    return list(_orig.get_requires_for_build_editable(config_settings))


def prepare_metadata_for_build_editable(metadata_directory: str, config_settings: Any = None) -> str:
    os.environ.pop("TABLERO_MYPYC", None)
    return _orig.prepare_metadata_for_build_editable(metadata_directory, config_settings)


def build_editable(wheel_directory: str, config_settings: Any = None, metadata_directory: Any = None) -> str:
    os.environ.pop("TABLERO_MYPYC", None)
    return _orig.build_editable(wheel_directory, config_settings, metadata_directory)
