// STUB: filled by its helper.
#include "formats/gltf/layout_check.h"
