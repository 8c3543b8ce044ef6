// What the keys of one group of parameter channels (parameter_channels.h) become in glTF: each
// class holds the static terms the keys start from, takes each channel's value at a key time and
// gives the glTF values the static readers would make of the terms then, one row per output.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <vector>

#include "formats/collada/light_mapping.h"
#include "formats/collada/read/effect_alpha.h"
#include "formats/collada/read/parameter_channels.h"

namespace px::collada {

class GroupValues {
 public:
  virtual ~GroupValues() = default;
  // Sets the animated parameter `p` (component c, or all) from `v`.
  virtual void set(Parameter p, int c, std::span<const double> v) = 0;
  // Appends the glTF values of the terms as they are now, one row per output.
  virtual void emit(std::vector<std::vector<double>>& rows) = 0;
};

// The base colour (materials.cc's diffuse and alpha rule): one row of red, green, blue, alpha.
class BaseColor : public GroupValues {
 public:
  std::array<double, 4> diffuse{1, 1, 1, 1};
  TransparencyTerms terms;
  std::array<double, 4> transparent{0, 0, 0, 1};
  double lowest_alpha = 1;  // over the keys emitted so far

  void set(Parameter p, int c, std::span<const double> v) override;
  void emit(std::vector<std::vector<double>>& rows) override;
};

// A colour's red, green and blue (the emission, the specular colour): one row.
class ColorRgb : public GroupValues {
 public:
  std::array<double, 4> rgba{0, 0, 0, 1};
  void set(Parameter p, int c, std::span<const double> v) override;
  void emit(std::vector<std::vector<double>>& rows) override;
};

// The shininess as a roughness (formats/collada/shininess.h), an exponent that is not a number of
// at least 0 as roughness 1: one row.
class Roughness : public GroupValues {
 public:
  double shininess = 0;
  void set(Parameter p, int c, std::span<const double> v) override;
  void emit(std::vector<std::vector<double>>& rows) override;
};

// A light's colour: rows colour and intensity (light_mapping.h).
class LightColor : public GroupValues {
 public:
  ColladaLightTerms terms;
  void set(Parameter p, int c, std::span<const double> v) override;
  void emit(std::vector<std::vector<double>>& rows) override;
};

// A spot's falloff angle and exponent: rows outer and inner cone angle (light_mapping.h). An
// angle not above 0 is read as the narrowest cone.
class SpotCone : public GroupValues {
 public:
  ColladaLightTerms terms;
  void set(Parameter p, int c, std::span<const double> v) override;
  void emit(std::vector<std::vector<double>>& rows) override;
};

// A camera's optics as read_cameras derives them: a perspective's rows yfov and aspect ratio (0
// where it leaves the ratio to the viewer), an orthographic camera's xmag and ymag. A ratio not
// above 0 counts as none.
class Optics : public GroupValues {
 public:
  bool perspective = true;
  std::optional<double> xfov, yfov, xmag, ymag, aspect;
  void set(Parameter p, int c, std::span<const double> v) override;
  void emit(std::vector<std::vector<double>>& rows) override;
};

// A camera's near or far plane: one row, the value as it is.
class CameraPlane : public GroupValues {
 public:
  double value = 0;
  void set(Parameter p, int c, std::span<const double> v) override;
  void emit(std::vector<std::vector<double>>& rows) override;
};

}  // namespace px::collada
