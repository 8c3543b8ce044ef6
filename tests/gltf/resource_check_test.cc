// STUB: filled by its helper.
#include "formats/gltf/resource_check.h"
