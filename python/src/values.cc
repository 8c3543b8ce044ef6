#include "python/src/values.h"

#include <cstdint>
#include <utility>
#include <vector>

#include "python/src/arrays.h"

namespace px::python {
namespace {

constexpr int kMaxDepth = 256;

// The shapes the spec gives a skin's matrices (collada.md, gltf.md: Skins).
py::object column_to_python(std::string_view key, const Column& column, py::handle base) {
  const auto rows = static_cast<py::ssize_t>(column.rows);
  if (column.cols == 16 && key == "inverse_bind_matrices") {
    return column_view(column, base, {rows, 4, 4});
  }
  if (column.cols == 16 && column.rows == 1 && key == "bind_shape_matrix") {
    return column_view(column, base, {4, 4});
  }
  return column_view(column, base);
}

}  // namespace

py::object to_python(std::string_view key, const Value& value, py::handle base) {
  if (value.is_null()) return py::none();
  if (value.is_bool()) return py::bool_(value.as_bool());
  if (value.is_int()) return py::int_(value.as_int());
  if (value.is_double()) return py::float_(value.as_double());
  if (value.is_string()) return text(value.as_string());
  if (value.is_column()) return column_to_python(key, value.as_column(), base);
  if (value.is_array()) {
    py::list list;
    for (const Value& item : value.as_array()) list.append(to_python(key, item, base));
    return list;
  }
  return to_python(value.as_map(), base);
}

namespace {

Value value_from_python(py::handle object, Arena& arena, const char* what, int depth);

ValueMap map_from_python_at(py::handle object, Arena& arena, const char* what, int depth) {
  if (!py::isinstance<py::dict>(object)) {
    throw py::type_error(std::string(what) + " must be a dict, not " + type_name(object));
  }
  ValueMap map;
  for (auto [key, item] : py::reinterpret_borrow<py::dict>(object)) {
    if (!py::isinstance<py::str>(key))
      throw py::type_error(std::string(what) + " keys must be str");
    map.emplace_back(utf8(key, what), value_from_python(item, arena, what, depth + 1));
  }
  return map;
}

Value value_from_python(py::handle object, Arena& arena, const char* what, int depth) {
  if (depth > kMaxDepth) {
    throw py::value_error(std::string(what) + " nests deeper than 256 levels");
  }
  if (object.is_none()) return Value();
  if (py::isinstance<py::bool_>(object)) return Value(object.cast<bool>());
  if (py::isinstance<py::int_>(object)) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(object.ptr(), &overflow);
    if (overflow != 0) throw py::value_error(std::string(what) + ": an int past 64 bits");
    return Value(static_cast<int64_t>(v));
  }
  if (py::isinstance<py::float_>(object)) return Value(object.cast<double>());
  if (py::isinstance<py::str>(object)) return Value(utf8(object, what));
  if (py::isinstance<py::list>(object) || py::isinstance<py::tuple>(object)) {
    ValueArray array;
    for (py::handle item : object) {
      array.push_back(value_from_python(item, arena, what, depth + 1));
    }
    return Value(std::move(array));
  }
  if (py::isinstance<py::dict>(object))
    return Value(map_from_python_at(object, arena, what, depth));
  if (py::isinstance<py::array>(object)) {
    return Value(copy_column(py::reinterpret_borrow<py::array>(object), arena, what));
  }
  throw py::type_error(std::string(what) + " holds a " + type_name(object) +
                       "; values are None, bool, int, float, str, list, tuple, dict or a numpy "
                       "array");
}

}  // namespace

py::dict to_python(const ValueMap& map, py::handle base) {
  py::dict dict;
  for (const auto& [key, value] : map) dict[text(key)] = to_python(key, value, base);
  return dict;
}

ValueMap map_from_python(py::handle dict, Arena& arena, const char* what) {
  return map_from_python_at(dict, arena, what, 1);
}

py::str text(std::string_view utf8) {
  PyObject* str =
      PyUnicode_DecodeUTF8(utf8.data(), static_cast<Py_ssize_t>(utf8.size()), "surrogateescape");
  if (str == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(str);
}

std::string type_name(py::handle object) {
  return py::str(py::type::handle_of(object).attr("__name__")).cast<std::string>();
}

std::string utf8(py::handle str, const char* what) {
  if (!py::isinstance<py::str>(str)) {
    throw py::type_error(std::string(what) + " must be a str, not " + type_name(str));
  }
  PyObject* bytes = PyUnicode_AsEncodedString(str.ptr(), "utf-8", "surrogateescape");
  if (bytes == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::bytes>(bytes).cast<std::string>();
}

}  // namespace px::python
