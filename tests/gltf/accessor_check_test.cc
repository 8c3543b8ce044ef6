// STUB: filled by its helper.
#include "formats/gltf/accessor_check.h"
