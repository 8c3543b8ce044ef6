// Helpers for the effect writer tests: scenes of materials, textures and images, and the terms a
// material reads back with.
#pragma once

#include <gtest/gtest.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tests/formats/collada/write/write_test_util.h"

namespace px::collada::testing {

// A scene of one image "wood.png", one texture sampling it and the given materials.
inline Scene textured_scene(std::vector<Material> materials) {
  Scene scene;
  Image image;
  image.name = "wood";
  image.uri = "wood.png";
  scene.images.push_back(image);
  Texture texture;
  texture.image = 0;
  scene.textures.push_back(texture);
  scene.materials = std::move(materials);
  return scene;
}

inline Material named(std::string name, Shading shading = Shading::kUnset) {
  Material m;
  m.name = std::move(name);
  m.metallic = 0;  // what the common profile reads back
  m.shading = shading;
  return m;
}

inline TextureRef texture_ref(int texture, double scale = 1) {
  TextureRef ref;
  ref.texture = texture;
  ref.scale = scale;
  return ref;
}

inline std::string shading_of(const Material& m) { return std::string(shading_name(m.shading)); }

// The uri of the image a read-back texture reference samples; empty when it samples none.
inline std::string image_uri(const Scene& scene, const TextureRef& ref) {
  if (!ref.present() || static_cast<size_t>(ref.texture) >= scene.textures.size()) return "";
  int image = scene.textures[ref.texture].image;
  if (image < 0 || static_cast<size_t>(image) >= scene.images.size()) return "";
  return scene.images[image].uri;
}

inline void expect_colour(std::span<const double> got, std::span<const double> want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_DOUBLE_EQ(got[i], want[i]) << "component " << i;
}

// Every term of each material of a and b is the same, textures compared by the image and
// sampler they reach.
inline void expect_same_materials(const Scene& a, const Scene& b) {
  ASSERT_EQ(a.materials.size(), b.materials.size());
  for (size_t i = 0; i < a.materials.size(); ++i) {
    const Material& x = a.materials[i];
    const Material& y = b.materials[i];
    SCOPED_TRACE(x.name);
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(shading_of(x), shading_of(y));
    expect_colour(x.base_color, y.base_color);
    expect_colour(x.emissive, y.emissive);
    EXPECT_EQ(x.metallic, y.metallic);
    EXPECT_EQ(x.roughness, y.roughness);
    EXPECT_EQ(x.ior, y.ior);
    EXPECT_EQ(x.alpha_mode, y.alpha_mode);
    EXPECT_EQ(x.alpha_cutoff, y.alpha_cutoff);
    EXPECT_EQ(x.double_sided, y.double_sided);
    const TextureRef* xs[] = {&x.base_color_texture, &x.metallic_roughness_texture,
                              &x.normal_texture, &x.occlusion_texture, &x.emissive_texture};
    const TextureRef* ys[] = {&y.base_color_texture, &y.metallic_roughness_texture,
                              &y.normal_texture, &y.occlusion_texture, &y.emissive_texture};
    for (int t = 0; t < 5; ++t) {
      ASSERT_EQ(xs[t]->present(), ys[t]->present()) << "texture " << t;
      if (!xs[t]->present()) continue;
      EXPECT_EQ(xs[t]->texcoord, ys[t]->texcoord);
      EXPECT_EQ(xs[t]->scale, ys[t]->scale);
      const TextureTransform& px = xs[t]->transform;
      const TextureTransform& py = ys[t]->transform;
      EXPECT_EQ(px.scale, py.scale);
      EXPECT_NEAR(px.rotation, py.rotation, 1e-12);
      EXPECT_NEAR(px.offset[0], py.offset[0], 1e-12);
      EXPECT_NEAR(px.offset[1], py.offset[1], 1e-12);
      EXPECT_EQ(image_uri(a, *xs[t]), image_uri(b, *ys[t]));
      const Texture& tx = a.textures[xs[t]->texture];
      const Texture& ty = b.textures[ys[t]->texture];
      EXPECT_EQ(tx.wrap_s, ty.wrap_s);
      EXPECT_EQ(tx.wrap_t, ty.wrap_t);
      EXPECT_EQ(tx.min_filter, ty.min_filter);
      EXPECT_EQ(tx.mag_filter, ty.mag_filter);
    }
  }
}

}  // namespace px::collada::testing
