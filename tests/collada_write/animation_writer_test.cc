// Tests of formats/collada/write/animation_writer.cc, a test per rule of spec/collada.md "Writing".
#include "tests/collada_write/write_test_util.h"
