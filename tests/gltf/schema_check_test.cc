// STUB: filled by its helper.
#include "formats/gltf/schema_check.h"
