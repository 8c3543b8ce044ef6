// STUB: filled by its helper.
#include "formats/gltf/extension_check.h"
