"""tool2schema 2.x module path: ``from tool2schema.schema import ParseException, EnableTool, ...``."""

from .compat import (  # noqa: F401
    EnableTool,
    FindToolEnabled,
    FindToolEnabledByName,
    FindToolEnabledByNameSchema,
    FindToolEnabledByTag,
    FindToolEnabledByTagSchemas,
    FindToolEnabledSchemas,
    LoadToolEnabled,
    SaveToolEnabled,
    ToolEnabled,
)
from .errors import ParseException  # noqa: F401
