#include "formats/collada/read/materials.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "engine/errors.h"
#include "engine/strings.h"
#include "formats/collada/read/effect_alpha.h"
#include "formats/collada/read/effect_polyxios_technique.h"
#include "formats/collada/read/images.h"
#include "formats/collada/read/xml/numbers.h"
#include "formats/collada/shininess.h"
#include "formats/collada/texture_placement.h"
#include "polyxios/hash_containers.h"

namespace px::collada {
namespace {

constexpr int kRepeat = 10497, kMirroredRepeat = 33648, kClampToEdge = 33071;

int wrap_mode(std::string_view text) {
  if (text == "MIRROR" || text == "MIRROR_ONCE") return kMirroredRepeat;
  if (text == "CLAMP" || text == "BORDER" || text == "NONE") return kClampToEdge;
  return kRepeat;
}

int filter_mode(std::string_view text) {
  static constexpr std::pair<std::string_view, int> kFilters[] = {{"NEAREST", 9728},
                                                                  {"LINEAR", 9729},
                                                                  {"NEAREST_MIPMAP_NEAREST", 9984},
                                                                  {"LINEAR_MIPMAP_NEAREST", 9985},
                                                                  {"NEAREST_MIPMAP_LINEAR", 9986},
                                                                  {"LINEAR_MIPMAP_LINEAR", 9987}};
  for (const auto& [name, value] : kFilters) {
    if (name == text) return value;
  }
  return 0;
}

// The placement of a <texture> (or a polyxios technique's texture) its <extra>'s MAYA technique
// gives (formats/collada/texture_placement.h); identity without one, or, with a warning, when a
// term is not one finite number.
TextureTransform placement_of(ReadContext& ctx, const Element& texture) {
  MayaPlacement maya;
  for (const Element& extra : texture.children()) {
    if (extra.name != "extra") continue;
    for (const Element& technique : extra.children()) {
      if (technique.name != "technique" || technique.attr("profile") != "MAYA") continue;
      for (const Element& e : technique.children()) {
        double* term = e.name == "repeatU"    ? &maya.repeat[0]
                       : e.name == "repeatV"  ? &maya.repeat[1]
                       : e.name == "offsetU"  ? &maya.offset[0]
                       : e.name == "offsetV"  ? &maya.offset[1]
                       : e.name == "rotateUV" ? &maya.rotate_degrees
                                              : nullptr;
        if (term == nullptr) continue;
        std::vector<double> values;
        if (!text_doubles(e.text, &values) || values.size() != 1 || !std::isfinite(values[0])) {
          ctx.warn("collada.texture.placement-ignored",
                   cat("<", e.name, "> is not one finite number; the placement is ignored"), &e);
          return TextureTransform{};
        }
        *term = values[0];
      }
    }
  }
  return transform_of(maya);
}

// The wrap modes a <texture>'s MAYA technique gives (wrapU / wrapV 0: clamped; mirrorU / mirrorV
// 1: mirrored), which ColladaMaya and the 3ds Max exporters (ColladaMax, kwxport) write there
// beside the placement, over a sampler's REPEAT; a sampler's own CLAMP or MIRROR stays.
void maya_wraps(const Element& texture, int* wrap_s, int* wrap_t) {
  for (const Element& extra : texture.children()) {
    if (extra.name != "extra") continue;
    for (const Element& technique : extra.children()) {
      if (technique.name != "technique" || technique.attr("profile") != "MAYA") continue;
      auto flag = [&](std::string_view name) {
        const Element* e = technique.child(name);
        if (e == nullptr) return -1;
        std::string_view v = trim_xml_space(e->text);
        return v == "1" || v == "TRUE" || v == "true"     ? 1
               : v == "0" || v == "FALSE" || v == "false" ? 0
                                                          : -1;
      };
      for (auto [wrap, wrap_name, mirror_name] :
           {std::tuple(wrap_s, "wrapU", "mirrorU"), std::tuple(wrap_t, "wrapV", "mirrorV")}) {
        if (*wrap != kRepeat) continue;
        if (flag(wrap_name) == 0) {
          *wrap = kClampToEdge;
        } else if (flag(mirror_name) == 1) {
          *wrap = kMirroredRepeat;
        }
      }
    }
  }
}

// The effect being read: where its params live and how its textures resolve.
// The images of `ctx`'s document, read once (defined below).
absl::StatusOr<const Images*> images_of(ReadContext& ctx, Materials* out);

class EffectReader {
 public:
  // `materials` holds each document's images: an effect's own, or another document's its
  // <instance_image> names.
  EffectReader(ReadContext& ctx, Materials* materials,
               HashMap<std::tuple<int, int, int, int, int>, int>& textures, const Element& effect)
      : ctx_(ctx), materials_(materials), textures_(textures), effect_(effect) {}

  absl::Status read(Material* m);
  // The effect technique's polyxios technique (effect_polyxios_technique.h).
  absl::Status read_polyxios_extra(const Element* profile, const Element& technique, bool constant,
                                   Material* m) {
    return read_polyxios_technique(
        ctx_, technique, constant,
        [&](const Element& texture, TextureRef* ref) { return texture_ref(profile, texture, ref); },
        m);
  }
  // FCOLLADA's <bump> texture, the normal map other exporters write.
  absl::Status read_bump(const Element* profile, const Element& technique, Material* m);

 private:
  const Element* newparam(const Element* profile, std::string_view sid) const;
  absl::StatusOr<int> texture_for(const Element* profile, const Element& texture);
  // The texture and its placement into ref.
  absl::Status texture_ref(const Element* profile, const Element& texture, TextureRef* ref);
  // <index_of_refraction>, which 0 and 1 (what exporters write for no refraction) leave unset.
  void read_ior(const Element* profile, const Element& shading, Material* m);
  absl::Status read_specular(const Element* profile, const Element& shading, Material* m);
  bool color_of(const Element* profile, const Element& slot, std::array<double, 4>* rgba);
  bool float_of(const Element* profile, const Element& slot, double* value);

  ReadContext& ctx_;
  Materials* materials_;
  HashMap<std::tuple<int, int, int, int, int>, int>& textures_;
  const Element& effect_;
};

const Element* EffectReader::newparam(const Element* profile, std::string_view sid) const {
  for (const Element* scope : {profile, &effect_}) {
    if (scope == nullptr) continue;
    for (const Element& p : scope->children()) {
      if ((p.name == "newparam" || p.name == "setparam") && p.attr("sid") == sid) return &p;
    }
    // Some exporters put newparams inside the technique.
    for (const Element& t : scope->children()) {
      if (t.name != "technique") continue;
      for (const Element& p : t.children()) {
        if (p.name == "newparam" && p.attr("sid") == sid) return &p;
      }
    }
  }
  return nullptr;
}

// <texture texture="sampler"> -> sampler2D -> surface -> image, as 1.4 chains it; a 1.5
// sampler's <instance_image>; or, as some exporters write, an image id straight away.
absl::StatusOr<int> EffectReader::texture_for(const Element* profile, const Element& texture) {
  std::string_view name = texture.attr("texture");
  const Element* image = nullptr;
  int wrap_s = kRepeat, wrap_t = kRepeat, mag = 0, min = 0;
  if (const Element* param = newparam(profile, name)) {
    const Element* sampler = param->child("sampler2D");
    const Element* surface = param->child("surface");
    if (sampler != nullptr) {
      if (const Element* w = sampler->child("wrap_s")) wrap_s = wrap_mode(trim_xml_space(w->text));
      if (const Element* w = sampler->child("wrap_t")) wrap_t = wrap_mode(trim_xml_space(w->text));
      if (const Element* f = sampler->child("magfilter"))
        mag = filter_mode(trim_xml_space(f->text));
      if (const Element* f = sampler->child("minfilter"))
        min = filter_mode(trim_xml_space(f->text));
      if (const Element* instance = sampler->child("instance_image")) {
        absl::StatusOr<ResolvedUrl> url = resolve_url(ctx_, *instance, "url");
        if (!url.ok()) return url.status();
        // A document in the folder that is missing was warned about once: its texture is dropped.
        if (url->kind == UrlKind::kExternal &&
            names_missing_document(ctx_, instance->attr("url"))) {
          return -1;
        }
        if (url->kind == UrlKind::kExternal) {
          return refuse("collada.url.external", "instance_image", instance->line,
                        cat("url=\"", instance->attr("url"), "\" names another document"));
        }
        image = url->target;
      } else if (const Element* source = sampler->child("source")) {
        if (const Element* surface_param = newparam(profile, trim_xml_space(source->text))) {
          surface = surface_param->child("surface");
        }
      }
    }
    if (image == nullptr && surface != nullptr) {
      if (const Element* init = surface->child("init_from")) {
        std::string_view id = trim_xml_space(init->text);
        if (const Element* ref = init->child("ref")) id = trim_xml_space(ref->text);
        image = find_id(ctx_, id);
      }
    }
  } else {
    image = find_id(ctx_, name);
  }
  // The image's own document's images (an <instance_image> may name another document).
  ReadContext& image_ctx = image == nullptr ? ctx_ : document_of(ctx_, *image);
  absl::StatusOr<const Images*> images = images_of(image_ctx, materials_);
  if (!images.ok()) return images.status();
  const HashMap<const Element*, int>& by_element = (*images)->by_element;
  auto found = image == nullptr ? by_element.end() : by_element.find(image);
  if (found == by_element.end()) {
    ctx_.warn("collada.texture.unresolved",
              cat("texture \"", name, "\" reaches no <image>; it is dropped"), &texture);
    return -1;
  }
  maya_wraps(texture, &wrap_s, &wrap_t);
  auto key = std::make_tuple(found->second, wrap_s, wrap_t, mag, min);
  auto [it, inserted] = textures_.try_emplace(key, static_cast<int>(ctx_.scene.textures.size()));
  if (inserted) {
    Texture t;
    t.image = found->second;
    t.wrap_s = wrap_s;
    t.wrap_t = wrap_t;
    t.mag_filter = mag;
    t.min_filter = min;
    ctx_.scene.textures.push_back(t);
  }
  return it->second;
}

absl::Status EffectReader::texture_ref(const Element* profile, const Element& texture,
                                       TextureRef* ref) {
  absl::StatusOr<int> index = texture_for(profile, texture);
  if (!index.ok()) return index.status();
  ref->texture = *index;
  if (ref->present()) ref->transform = placement_of(ctx_, texture);
  return absl::OkStatus();
}

// glTF's ior (KHR_materials_ior) is 0 or at least 1, and sets the specular reflectance of every
// dielectric; COLLADA's common profile uses it for refraction alone, and Maya and Blender write 1
// (Maya's ColladaMaya also 0) when nothing refracts, so those values say nothing.
void EffectReader::read_ior(const Element* profile, const Element& shading, Material* m) {
  const Element* slot = shading.child("index_of_refraction");
  double ior;
  if (slot == nullptr || !float_of(profile, *slot, &ior) || ior == 0 || ior == 1) return;
  if (!std::isfinite(ior) || ior < 1) {
    ctx_.warn("collada.effect.ior-ignored",
              cat("an index of refraction of ", ior, " is below 1 or not finite; it is ignored"),
              slot);
    return;
  }
  m->ior = ior;
}

bool EffectReader::color_of(const Element* profile, const Element& slot,
                            std::array<double, 4>* rgba) {
  const Element* color = slot.child("color");
  if (color == nullptr) {
    if (const Element* param = slot.child("param")) {
      if (const Element* p = newparam(profile, param->attr("ref"))) {
        color = p->child("float4");
        if (color == nullptr) color = p->child("float3");
      }
    }
  }
  if (color == nullptr) return false;
  std::vector<double> values;
  if (!text_doubles(color->text, &values) || values.size() < 3) {
    ctx_.warn("collada.effect.bad-color", "a colour that is not 3 or 4 numbers is ignored", color);
    return false;
  }
  *rgba = {values[0], values[1], values[2], values.size() > 3 ? values[3] : 1.0};
  return true;
}

bool EffectReader::float_of(const Element* profile, const Element& slot, double* value) {
  const Element* f = slot.child("float");
  if (f == nullptr) {
    if (const Element* param = slot.child("param")) {
      if (const Element* p = newparam(profile, param->attr("ref"))) f = p->child("float");
    }
  }
  std::vector<double> values;
  if (f == nullptr || !text_doubles(f->text, &values) || values.size() != 1) return false;
  *value = values[0];
  return true;
}

absl::Status EffectReader::read(Material* m) {
  const Element* profile = effect_.child("profile_COMMON");
  const Element* technique = profile == nullptr ? nullptr : profile->child("technique");
  const Element* shading = nullptr;
  if (technique != nullptr) {
    for (const Element& c : technique->children()) {
      if (c.name == "phong" || c.name == "lambert" || c.name == "blinn" || c.name == "constant") {
        shading = &c;
        break;
      }
    }
  }
  m->metallic = 0;
  if (shading == nullptr) {
    m->shading = Shading::kPhong;
    if (technique != nullptr && polyxios_technique(*technique) != nullptr) {
      return read_polyxios_extra(profile, *technique, false, m);
    }
    ctx_.warn("collada.effect.no-common-profile",
              "an effect without a profile_COMMON technique reads as a bare phong material",
              &effect_);
    return absl::OkStatus();
  }
  m->shading = *shading_named(shading->name);
  bool constant = shading->name == "constant";
  if (const Element* emission = shading->child("emission")) {
    std::array<double, 4> rgba;
    if (const Element* texture = emission->child("texture")) {
      if (absl::Status s = texture_ref(profile, *texture, &m->emissive_texture); !s.ok()) return s;
      if (m->emissive_texture.present()) m->emissive = {1, 1, 1};
    } else if (color_of(profile, *emission, &rgba)) {
      m->emissive = {rgba[0], rgba[1], rgba[2]};
    }
  }
  double diffuse_alpha = 1;
  if (const Element* diffuse = constant ? nullptr : shading->child("diffuse")) {
    std::array<double, 4> rgba;
    if (const Element* texture = diffuse->child("texture")) {
      if (absl::Status s = texture_ref(profile, *texture, &m->base_color_texture); !s.ok())
        return s;
    } else if (color_of(profile, *diffuse, &rgba)) {
      m->base_color = {rgba[0], rgba[1], rgba[2], 1};
      diffuse_alpha = rgba[3];
    }
  }
  if (!std::isfinite(diffuse_alpha)) {
    ctx_.warn("collada.effect.non-finite-alpha", "a diffuse alpha that is not finite reads opaque",
              shading);
    diffuse_alpha = 1;
  }
  TransparencyTerms terms;
  terms.diffuse_alpha = diffuse_alpha;
  if (const Element* transparency = shading->child("transparency")) {
    if (float_of(profile, *transparency, &terms.factor) && !std::isfinite(terms.factor)) {
      ctx_.warn("collada.effect.non-finite-alpha",
                "a <transparency> that is not finite reads opaque", transparency);
      terms.factor = std::nan("");
    }
  }
  if (const Element* transparent = shading->child("transparent")) {
    std::string_view mode = transparent->attr("opaque");
    if (mode.empty()) mode = "A_ONE";
    if (mode != "A_ONE" && mode != "A_ZERO" && mode != "RGB_ZERO" && mode != "RGB_ONE") {
      ctx_.warn("collada.effect.opaque-mode", cat("opaque=\"", mode, "\" is read as A_ONE"),
                transparent);
      mode = "A_ONE";
    }
    terms.mode = mode;
    std::array<double, 4> tc{0, 0, 0, 1};
    const bool has_color = color_of(profile, *transparent, &tc);
    if (transparent->child("texture") != nullptr) {
      ctx_.warn("collada.effect.transparent-texture",
                "a <transparent> texture is not read; the material stays opaque", transparent);
    } else if (has_color) {
      terms.transparent = tc;
    }
  }
  bool opaque_exception = false;
  const double alpha = effect_alpha(terms, &opaque_exception);
  if (opaque_exception) {
    ctx_.warn_once("collada.effect.opaque-exception",
                   "A_ONE with a white transparent colour and transparency 0 is read as "
                   "opaque, as SketchUp and Google Earth mean it");
  }
  m->base_color[3] = alpha;
  if (alpha < 1) m->alpha_mode = AlphaMode::kBlend;
  read_ior(profile, *shading, m);
  if (absl::Status s = read_specular(profile, *shading, m); !s.ok()) return s;
  if (absl::Status s = read_bump(profile, *technique, m); !s.ok()) return s;
  return read_polyxios_extra(profile, *technique, constant, m);
}

// Phong and blinn's highlight as glTF's (KHR_materials_specular and roughness): the <specular>
// colour is the specular colour (a texture the specular colour texture), and the <shininess>
// exponent a roughness as formats/collada/shininess.h maps it. A shininess of 0 (or none) stays
// roughness 1; lambert and constant shading have no highlight.
absl::Status EffectReader::read_specular(const Element* profile, const Element& shading,
                                         Material* m) {
  if (shading.name != "phong" && shading.name != "blinn") return absl::OkStatus();
  if (const Element* specular = shading.child("specular")) {
    std::array<double, 4> rgba;
    if (const Element* texture = specular->child("texture")) {
      if (absl::Status s = texture_ref(profile, *texture, &m->specular_color_texture); !s.ok())
        return s;
    } else if (color_of(profile, *specular, &rgba)) {
      if (std::isfinite(rgba[0]) && std::isfinite(rgba[1]) && std::isfinite(rgba[2]) &&
          std::min({rgba[0], rgba[1], rgba[2]}) >= 0) {
        m->specular_color = {rgba[0], rgba[1], rgba[2]};
      } else {
        ctx_.warn("collada.effect.specular-ignored",
                  "a <specular> colour that is negative or not finite is ignored", specular);
      }
    }
  }
  double shininess;
  if (const Element* slot = shading.child("shininess");
      slot != nullptr && float_of(profile, *slot, &shininess)) {
    if (std::isfinite(shininess) && shininess >= 0) {
      m->roughness = roughness_from_shininess(shininess);
    } else {
      ctx_.warn("collada.effect.specular-ignored",
                cat("a <shininess> of ", shininess, " is ignored"), slot);
    }
  }
  return absl::OkStatus();
}

absl::Status EffectReader::read_bump(const Element* profile, const Element& technique,
                                     Material* m) {
  for (const Element& extra : technique.children()) {
    if (extra.name != "extra") continue;
    for (const Element& t : extra.children()) {
      if (t.name != "technique" || t.attr("profile") != "FCOLLADA") continue;
      const Element* bump = t.child("bump");
      const Element* texture = bump == nullptr ? nullptr : bump->child("texture");
      if (texture == nullptr) continue;
      if (absl::Status s = texture_ref(profile, *texture, &m->normal_texture); !s.ok()) return s;
    }
  }
  return absl::OkStatus();
}

bool double_sided(const Element& e) {
  for (const Element& c : e.children()) {
    if (c.name == "double_sided")
      return trim_xml_space(c.text) == "1" || trim_xml_space(c.text) == "true";
    if (double_sided(c)) return true;
  }
  return false;
}

// The images of ctx's document, read on first use.
absl::StatusOr<const Images*> images_of(ReadContext& ctx, Materials* out) {
  if (auto it = out->images.find(&ctx); it != out->images.end()) return &it->second;
  Images images;
  if (absl::Status s = read_images(ctx, out->image_bytes, &images); !s.ok()) return s;
  return &out->images.emplace(&ctx, std::move(images)).first->second;
}

}  // namespace

absl::Status read_materials(ReadContext& ctx, Materials* out) {
  if (absl::StatusOr<const Images*> images = images_of(ctx, out); !images.ok()) {
    return images.status();
  }
  HashMap<std::tuple<int, int, int, int, int>, int> textures;
  for (const Element& library : ctx.doc.root()->children()) {
    if (library.name != "library_materials") continue;
    for (const Element& element : library.children()) {
      if (element.name != "material") continue;
      Material m;
      m.name = std::string(element.attr("name"));
      if (m.name.empty()) m.name = std::string(element.attr("id"));
      const Element* instance = element.child("instance_effect");
      if (instance == nullptr) {
        ctx.warn("collada.material.no-effect",
                 "a <material> without an <instance_effect> reads "
                 "as a bare phong material",
                 &element);
        m.metallic = 0;
        m.shading = Shading::kPhong;
      } else {
        absl::StatusOr<ResolvedUrl> url = resolve_url(ctx, *instance, "url");
        if (!url.ok()) return url.status();
        if (url->kind == UrlKind::kExternal) {
          ctx.warn("collada.url.external",
                   "an effect in another document is not read; the "
                   "material reads as a bare phong one",
                   instance);
          m.metallic = 0;
          m.shading = Shading::kPhong;
        } else if (url->target->name != "effect") {
          return refuse("collada.url.kind", "instance_effect", instance->line,
                        cat("url=\"", instance->attr("url"), "\" does not name an <effect>"));
        } else {
          // An effect of another document reads in its own: its ids, its images.
          ReadContext& effect_ctx = document_of(ctx, *url->target);
          // Its document's images first, in their order there.
          if (absl::StatusOr<const Images*> images = images_of(effect_ctx, out); !images.ok()) {
            return images.status();
          }
          absl::Status read = EffectReader(effect_ctx, out, textures, *url->target).read(&m);
          if (!read.ok()) return read;
          m.double_sided = double_sided(*url->target);
        }
      }
      out->by_element.emplace(&element, static_cast<int>(ctx.scene.materials.size()));
      ctx.scene.materials.push_back(std::move(m));
    }
  }
  return absl::OkStatus();
}

}  // namespace px::collada
