#include "python/src/options.h"

#include <climits>
#include <cstdint>
#include <string>

#include "python/src/values.h"

namespace px::python {
namespace {

struct Option {
  const char* function;
  std::string name;
  py::handle value;

  std::string where() const { return std::string(function) + "() option '" + name + "'"; }

  bool boolean() const {
    if (!PyBool_Check(value.ptr())) {
      throw py::type_error(where() + " takes a bool, not " + type_name(value));
    }
    return value.ptr() == Py_True;
  }

  uint64_t count() const {
    if (!PyLong_Check(value.ptr()) || PyBool_Check(value.ptr())) {
      throw py::type_error(where() + " takes an int, not " + type_name(value));
    }
    if (py::reinterpret_borrow<py::int_>(value) < py::int_(0)) {
      throw py::value_error(where() + " must not be negative");
    }
    const unsigned long long n = PyLong_AsUnsignedLongLong(value.ptr());
    if (PyErr_Occurred()) throw py::error_already_set();  // OverflowError: past 64 bits
    return n;
  }

  int small_count() const {
    const uint64_t n = count();
    if (n > INT_MAX) throw py::value_error(where() + " must be at most " + std::to_string(INT_MAX));
    return static_cast<int>(n);
  }

  [[noreturn]] void unknown() const {
    throw py::type_error(std::string(function) + "() got an unexpected keyword argument '" + name +
                         "'");
  }
};

// A field of Limits; false when `option` names none.
bool read_limit(const Option& option, Limits& limits) {
  const std::string& n = option.name;
  if (n == "max_memory_bytes") {
    limits.max_memory_bytes = option.count();
  } else if (n == "max_input_bytes") {
    limits.max_input_bytes = option.count();
  } else if (n == "max_depth") {
    limits.max_depth = option.small_count();
  } else if (n == "max_nodes") {
    limits.max_nodes = option.count();
  } else if (n == "bytes_per_node") {
    limits.bytes_per_node = option.count();
  } else if (n == "max_copy_bytes") {
    limits.max_copy_bytes = option.count();
  } else if (n == "copy_bytes_per_input_byte") {
    limits.copy_bytes_per_input_byte = option.count();
  } else if (n == "max_rebinds_per_node") {
    limits.max_rebinds_per_node = option.count();
  } else if (n == "max_accessors") {
    limits.max_accessors = option.count();
  } else if (n == "max_string_bytes") {
    limits.max_string_bytes = option.count();
  } else if (n == "max_archive_entries") {
    limits.max_archive_entries = option.count();
  } else if (n == "max_archive_ratio") {
    limits.max_archive_ratio = option.count();
  } else {
    return false;
  }
  return true;
}

// up_axis ('x', 'y', 'z' in either case, or None), meters, bake_transforms; false when `option`
// names none of them.
bool set_axis_unit(const Option& option, AxisUnitTarget& target) {
  if (option.name == "up_axis") {
    if (option.value.is_none()) return true;
    target.up_axis = py::isinstance<py::str>(option.value)
                         ? up_axis_letter(utf8(option.value, "up_axis"))
                         : std::nullopt;
    if (!target.up_axis) {
      throw py::value_error(option.where() + " takes 'x', 'y', 'z' or None, not " +
                            py::repr(option.value).cast<std::string>());
    }
  } else if (option.name == "meters") {
    target.meters = option.boolean();
  } else if (option.name == "bake_transforms") {
    target.bake = option.boolean();
  } else {
    return false;
  }
  return true;
}

}  // namespace

py::object progress_option(const py::kwargs& options, const char* function) {
  if (!options.contains("progress")) return py::none();
  py::object progress = options["progress"];
  if (!progress.is_none() && !PyCallable_Check(progress.ptr())) {
    throw py::type_error(std::string(function) +
                         "() option 'progress' takes a callable or None, not " +
                         type_name(progress));
  }
  return progress;
}

ReadOptions read_options(const py::kwargs& options, const char* function, CallGuard& guard,
                         AxisUnitTarget* axis_unit) {
  ReadOptions read;
  read.narrow_indices = false;  // cells are uint32 views, whatever the mesh
  for (auto [key, value] : options) {
    const Option option{function, utf8(key, "an option's name"), value};
    if (option.name == "allow_external_files") {
      read.allow_external_files = option.boolean();
    } else if (option.name == "strict_resources") {
      read.strict_resources = option.boolean();
    } else if (option.name == "repair") {
      read.repair = option.boolean();
    } else if (option.name == "threads") {
      read.threads = option.small_count();
    } else if (axis_unit != nullptr && set_axis_unit(option, *axis_unit)) {
    } else if (option.name != "progress" && !read_limit(option, read.limits)) {
      option.unknown();
    }
  }
  if (axis_unit != nullptr && axis_unit->bake && !axis_unit->any()) {
    throw py::value_error(std::string(function) +
                          "() option 'bake_transforms' needs up_axis or meters");
  }
  read.progress = guard.callback();
  return read;
}

WriteOptions write_options(const py::kwargs& options, const char* function, CallGuard& guard) {
  WriteOptions write;
  for (auto [key, value] : options) {
    const Option option{function, utf8(key, "an option's name"), value};
    if (option.name == "binary") {
      if (!value.is_none() && !PyBool_Check(value.ptr())) {
        throw py::type_error(option.where() + " takes True, False or None, not " +
                             type_name(value));
      }
      if (!value.is_none()) write.binary = option.boolean();
    } else if (option.name == "collada") {
      write.collada = option.boolean();
    } else if (option.name == "allow_remote_uris") {
      write.allow_remote_uris = option.boolean();
    } else if (option.name == "allow_external_files") {
      write.allow_external_files = option.boolean();
    } else if (option.name == "transcode_images") {
      if (!value.is_none() && !PyBool_Check(value.ptr())) {
        throw py::type_error(option.where() + " takes True, False or None, not " +
                             type_name(value));
      }
      if (!value.is_none()) write.transcode_images = option.boolean();
    } else if (option.name == "threads") {
      write.threads = option.small_count();
    } else if (option.name != "progress") {
      option.unknown();
    }
  }
  write.progress = guard.callback();
  return write;
}

}  // namespace px::python
