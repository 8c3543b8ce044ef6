"""Type stubs of polyxios._polyxios, the compiled half of the polyxios package."""

import builtins
import os
from typing import IO, Any, Callable, Mapping, MutableMapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

_Path = Union[str, "os.PathLike[str]"]
_Progress = Optional[Callable[[float], Any]]

class PolyData:
    """A mesh: points, vertex attributes and VTK-style cells; arrays read-only views, replaced
    (copy-on-write) by assigning points, point_data[name], element_attrs[name] or set_cells."""

    def __init__(
        self,
        points: npt.ArrayLike,
        cells: Optional[npt.ArrayLike] = None,
        offsets: Optional[npt.ArrayLike] = None,
        cell_types: Optional[npt.ArrayLike] = None,
        point_data: Optional[dict[str, npt.ArrayLike]] = None,
        element_attrs: Optional[dict[str, npt.ArrayLike]] = None,
        global_attrs: Optional[dict[str, Any]] = None,
    ) -> None: ...
    @property
    def points(self) -> np.ndarray:
        """(n, 3) float32 or float64: the positions."""
    @points.setter
    def points(self, value: npt.ArrayLike) -> None:
        """(n, 3) floats (integers as float64); ValueError naming 'points' otherwise."""
    @property
    def vertices(self) -> np.ndarray:
        """The points, under the name glTF.md uses."""
    @property
    def cells(self) -> npt.NDArray[np.uint32]:
        """Every cell's point indices, one after another."""
    @property
    def offsets(self) -> npt.NDArray[np.uint32]:
        """Where each cell starts in cells, and len(cells) last."""
    @property
    def cell_types(self) -> npt.NDArray[np.uint8]:
        """Each cell's VTK type number (CellType)."""
    @property
    def element_types(self) -> tuple[str, ...]:
        """The cell type names present, in the order they first occur."""
    @property
    def point_data(self) -> MutableMapping[str, np.ndarray]:
        """Vertex attributes by name, one row per point; set and deleted through."""
    @property
    def element_attrs(self) -> MutableMapping[str, np.ndarray]:
        """Cell attributes by name, one row per cell ('material'); set and deleted through."""
    def set_cells(
        self,
        cells: npt.ArrayLike,
        offsets: Optional[npt.ArrayLike] = None,
        cell_types: Optional[npt.ArrayLike] = None,
        element_attrs: Optional[dict[str, npt.ArrayLike]] = None,
    ) -> None:
        """Replaces the cells (as PolyData(...) takes them), checked together."""
    @property
    def index(self) -> Optional[int]:
        """The mesh's index in SceneData.meshes; None for a PolyData of its own."""
    @property
    def global_attrs(self) -> dict[str, Any]:
        """'mesh_name', ..."""
    def triangles(self) -> npt.NDArray[np.uint32]:
        """(m, 3): every cell's triangles as the glTF writer draws them, in cell order (quads and
        polygons triangulated, strips expanded; lines and points give none); a new array."""
    @property
    def bounds(self) -> Optional[npt.NDArray[np.float64]]:
        """(2, 3): [[xmin, ymin, zmin], [xmax, ymax, zmax]] of the finite points, or None."""
    @property
    def morph_targets(self) -> tuple[dict[str, Any], ...]:
        """Each target's 'name', its 'positions', 'normals', 'tangents' differences and its
        'point_data' (differences of the 'texcoords' / 'colors' columns it moves)."""
    @morph_targets.setter
    def morph_targets(self, value: Sequence[Mapping[str, Any]]) -> None:
        """Dicts of that shape, copied; ValueError naming the field for a wrong shape or dtype."""
    @property
    def morph_weights(self) -> tuple[float, ...]: ...
    @morph_weights.setter
    def morph_weights(self, value: Sequence[float]) -> None:
        """One finite float per morph target."""
    @property
    def num_points(self) -> int: ...
    @property
    def num_cells(self) -> int: ...

class SceneNode:
    """A node of the scene graph, or (SceneNode(...)) a node of no scene yet."""

    def __init__(
        self,
        name: str = "",
        matrix: Optional[npt.ArrayLike] = None,
        mesh: Optional[int] = None,
        children: Sequence[int] = (),
    ) -> None: ...
    @property
    def name(self) -> str: ...
    @name.setter
    def name(self, value: str) -> None: ...
    @property
    def matrix(self) -> npt.NDArray[np.float64]:
        """(4, 4): the local transform, indexed [row, column]; a read-only copy."""
    @matrix.setter
    def matrix(self, value: npt.ArrayLike) -> None:
        """Any (4, 4) array of finite real numbers; ValueError naming 'matrix' otherwise."""
    @property
    def mesh(self) -> int:
        """Index into SceneData.meshes, -1 for none."""
    @mesh.setter
    def mesh(self, value: Optional[int]) -> None:
        """An index (IndexError out of range), or None / -1 for none."""
    @property
    def children(self) -> tuple[int, ...]: ...
    @children.setter
    def children(self, value: Sequence[int]) -> None:
        """Node indices: IndexError out of range, ValueError for one twice or a cycle."""
    @property
    def index(self) -> Optional[int]:
        """The node's index in SceneData.nodes; None for a node of no scene."""
    @property
    def extras(self) -> dict[str, Any]:
        """A dict whose item assignment and deletion change the node."""
    @property
    def skin(self) -> int:
        """Index into global_attrs['skins'] deforming the node's mesh, -1 for none."""
    @skin.setter
    def skin(self, value: Optional[int]) -> None: ...
    @property
    def camera(self) -> int:
        """Index into SceneData.cameras, -1 for none."""
    @camera.setter
    def camera(self, value: Optional[int]) -> None: ...
    @property
    def light(self) -> int:
        """Index into SceneData.lights, -1 for none."""
    @light.setter
    def light(self, value: Optional[int]) -> None: ...
    @property
    def instances(self) -> Optional[dict[str, Any]]: ...
    @property
    def morph_weights(self) -> tuple[float, ...]:
        """The node's own default morph weights; empty: its mesh's."""
    @morph_weights.setter
    def morph_weights(self, value: Sequence[float]) -> None:
        """One per morph target of its mesh, or () for the mesh's."""

class SceneTextureRef:
    """A material's use of a texture."""

    def __init__(
        self,
        texture: int,
        texcoord: int = 0,
        scale: float = 1.0,
        offset: tuple[float, float] = (0, 0),
        rotation: float = 0.0,
        uv_scale: tuple[float, float] = (1, 1),
    ) -> None: ...
    @property
    def texture(self) -> int: ...
    @property
    def texcoord(self) -> int: ...
    @property
    def scale(self) -> float: ...
    @property
    def offset(self) -> tuple[float, float]: ...
    @property
    def rotation(self) -> float: ...
    @property
    def uv_scale(self) -> tuple[float, float]: ...

_TextureValue = Optional[Union[SceneTextureRef, int]]

class SceneMaterial:
    """A PBR metallic-roughness material, or (SceneMaterial(...)) one of no scene yet. Setting a
    field checks it (ValueError naming it; IndexError for a texture out of range)."""

    def __init__(
        self,
        name: str = "",
        base_color: Sequence[float] = (1, 1, 1, 1),
        metallic: float = 1.0,
        roughness: float = 1.0,
        emissive: Sequence[float] = (0, 0, 0),
        alpha_mode: str = "OPAQUE",
        alpha_cutoff: float = 0.5,
        double_sided: bool = False,
    ) -> None: ...
    @property
    def name(self) -> str: ...
    @name.setter
    def name(self, value: str) -> None: ...
    @property
    def base_color(self) -> tuple[float, float, float, float]: ...
    @base_color.setter
    def base_color(self, value: Sequence[float]) -> None:
        """(r, g, b, a), each in 0..1."""
    @property
    def metallic(self) -> float: ...
    @metallic.setter
    def metallic(self, value: float) -> None: ...
    @property
    def roughness(self) -> float: ...
    @roughness.setter
    def roughness(self, value: float) -> None: ...
    @property
    def emissive(self) -> tuple[float, float, float]: ...
    @emissive.setter
    def emissive(self, value: Sequence[float]) -> None:
        """(r, g, b), each at least 0."""
    @property
    def ior(self) -> float: ...
    @property
    def specular_factor(self) -> float: ...
    @property
    def specular_color(self) -> tuple[float, float, float]: ...
    @property
    def specular_texture(self) -> Optional[SceneTextureRef]: ...
    @property
    def specular_color_texture(self) -> Optional[SceneTextureRef]: ...
    @property
    def base_color_texture(self) -> Optional[SceneTextureRef]: ...
    @base_color_texture.setter
    def base_color_texture(self, value: _TextureValue) -> None: ...
    @property
    def metallic_roughness_texture(self) -> Optional[SceneTextureRef]: ...
    @metallic_roughness_texture.setter
    def metallic_roughness_texture(self, value: _TextureValue) -> None: ...
    @property
    def normal_texture(self) -> Optional[SceneTextureRef]: ...
    @normal_texture.setter
    def normal_texture(self, value: _TextureValue) -> None: ...
    @property
    def occlusion_texture(self) -> Optional[SceneTextureRef]: ...
    @occlusion_texture.setter
    def occlusion_texture(self, value: _TextureValue) -> None: ...
    @property
    def emissive_texture(self) -> Optional[SceneTextureRef]: ...
    @emissive_texture.setter
    def emissive_texture(self, value: _TextureValue) -> None: ...
    @property
    def extensions(self) -> dict[str, dict[str, Any]]: ...
    @property
    def alpha_mode(self) -> str:
        """'OPAQUE', 'MASK' or 'BLEND'."""
    @alpha_mode.setter
    def alpha_mode(self, value: str) -> None: ...
    @property
    def alpha_cutoff(self) -> float: ...
    @alpha_cutoff.setter
    def alpha_cutoff(self, value: float) -> None: ...
    @property
    def double_sided(self) -> bool: ...
    @double_sided.setter
    def double_sided(self, value: bool) -> None: ...
    @property
    def index(self) -> Optional[int]:
        """The material's index in SceneData.materials; None for a material of no scene."""
    @property
    def extras(self) -> dict[str, Any]:
        """A dict whose item assignment and deletion change the material."""

class SceneTexture:
    """An image with its sampler settings (glTF sampler constants), or (SceneTexture(...)) one
    of no scene yet. Setting a field checks it (ValueError naming it; IndexError for an image
    out of range)."""

    def __init__(
        self,
        image: Optional[int] = -1,
        name: str = "",
        wrap_s: int = 10497,
        wrap_t: int = 10497,
        mag_filter: int = 0,
        min_filter: int = 0,
    ) -> None: ...
    @property
    def name(self) -> str: ...
    @name.setter
    def name(self, value: str) -> None: ...
    @property
    def image(self) -> int:
        """Index into SceneData.images; -1 for a placeholder."""
    @image.setter
    def image(self, value: Optional[int]) -> None:
        """An index (IndexError out of range), or None / -1 for none."""
    @property
    def wrap_s(self) -> int:
        """10497 REPEAT, 33071 CLAMP_TO_EDGE or 33648 MIRRORED_REPEAT."""
    @wrap_s.setter
    def wrap_s(self, value: int) -> None: ...
    @property
    def wrap_t(self) -> int: ...
    @wrap_t.setter
    def wrap_t(self, value: int) -> None: ...
    @property
    def mag_filter(self) -> int:
        """9728 NEAREST, 9729 LINEAR, 0 when not given."""
    @mag_filter.setter
    def mag_filter(self, value: int) -> None: ...
    @property
    def min_filter(self) -> int:
        """9728, 9729, 9984..9987 (the mipmap filters), 0 when not given."""
    @min_filter.setter
    def min_filter(self, value: int) -> None: ...
    @property
    def index(self) -> Optional[int]:
        """The texture's index in SceneData.textures; None for a texture of no scene."""

_Bytes = Union[builtins.bytes, bytearray, memoryview, npt.NDArray[np.uint8]]

class SceneImage:
    """An image: a uri, or embedded bytes with their mime type; or (SceneImage(...)) one of no
    scene yet. Setting one of uri and bytes puts the other away."""

    def __init__(
        self,
        name: str = "",
        uri: Optional[str] = None,
        mime_type: str = "",
        data: Optional[_Bytes] = None,
    ) -> None: ...
    @property
    def name(self) -> str: ...
    @name.setter
    def name(self, value: str) -> None: ...
    @property
    def uri(self) -> Optional[str]: ...
    @uri.setter
    def uri(self, value: Optional[str]) -> None:
        """A str (not a data: URI) or None."""
    @property
    def mime_type(self) -> str: ...
    @mime_type.setter
    def mime_type(self, value: str) -> None:
        """A media type, the one embedded bytes show when they show one ('' then: theirs)."""
    @property
    def bytes(self) -> Optional[npt.NDArray[np.uint8]]:
        """The embedded bytes, read-only; an array read before an edit keeps its values."""
    @bytes.setter
    def bytes(self, value: Optional[_Bytes]) -> None:
        """Copied; their first bytes must show their type (else set_bytes)."""
    def set_bytes(self, data: Optional[_Bytes], mime_type: str = "") -> None:
        """The bytes and their mime_type ('' for the one they show) together."""
    @property
    def index(self) -> Optional[int]:
        """The image's index in SceneData.images; None for an image of no scene."""

class SceneData:
    """A scene as read_scene reads it, or (SceneData()) an empty one to build; editable."""

    def __init__(self) -> None: ...
    @property
    def meshes(self) -> tuple[PolyData, ...]: ...
    @property
    def nodes(self) -> tuple[SceneNode, ...]: ...
    @property
    def scenes(self) -> tuple[tuple[int, ...], ...]: ...
    @scenes.setter
    def scenes(self, value: Sequence[Sequence[int]]) -> None: ...
    @property
    def default_scene(self) -> int: ...
    @default_scene.setter
    def default_scene(self, value: int) -> None: ...
    @property
    def materials(self) -> tuple[SceneMaterial, ...]: ...
    @property
    def textures(self) -> tuple[SceneTexture, ...]: ...
    @property
    def images(self) -> tuple[SceneImage, ...]: ...
    @property
    def global_attrs(self) -> dict[str, Any]:
        """A dict whose item assignment and deletion change the scene: 'skins', 'animations',
        'asset' take what they show, other keys any value."""
    @property
    def cameras(self) -> list[dict[str, Any]]:
        """Each camera as glTF's camera object, by SceneNode.camera's index."""
    @cameras.setter
    def cameras(self, value: Sequence[Mapping[str, Any]]) -> None: ...
    @property
    def lights(self) -> list[dict[str, Any]]:
        """Each light as KHR_lights_punctual's light object, by SceneNode.light's index."""
    @lights.setter
    def lights(self, value: Sequence[Mapping[str, Any]]) -> None: ...
    def append_node(self, node: SceneNode, parent: Optional[int] = None) -> int:
        """Appends a node made in Python, as a child of `parent` or a root of the default scene;
        returns its index."""
    def remove_node(self, index: int) -> None:
        """Removes a node without children that no skin lists nor animation targets; later
        indices move down one."""
    def append_mesh(self, mesh: PolyData) -> int:
        """Appends a PolyData of its own without a copy; returns its index."""
    def remove_mesh(self, index: int) -> None:
        """Removes a mesh; the nodes showing it show none, later indices move down one."""
    def append_material(self, material: SceneMaterial) -> int:
        """Appends a material made in Python; returns its index."""
    def remove_material(self, index: int) -> None:
        """Removes a material no cells show nor variant names; later indices move down one."""
    def append_texture(self, texture: SceneTexture) -> int:
        """Appends a texture made in Python; returns its index."""
    def remove_texture(self, index: int) -> None:
        """Removes a texture no material shows; later indices move down one."""
    def append_image(self, image: SceneImage) -> int:
        """Appends an image made in Python; returns its index."""
    def remove_image(self, index: int) -> None:
        """Removes an image no texture shows; later indices move down one."""
    def reorder_meshes(self, order: Sequence[int]) -> None:
        """New mesh i is old mesh order[i] (a permutation); every mesh index follows."""
    def reorder_nodes(self, order: Sequence[int]) -> None:
        """New node i is old node order[i] (a permutation); every node index follows."""
    def reorder_materials(self, order: Sequence[int]) -> None:
        """New material i is old material order[i] (a permutation); every material index
        (the cells' 'material', as new arrays) follows."""
    def reorder_textures(self, order: Sequence[int]) -> None:
        """New texture i is old texture order[i] (a permutation); every texture index follows."""
    def reorder_images(self, order: Sequence[int]) -> None:
        """New image i is old image order[i] (a permutation); every image index follows."""
    def to_polydata(self) -> PolyData:
        """The whole scene flattened into one PolyData under the nodes' world transforms."""
    def world_matrix(self, node: int) -> npt.NDArray[np.float64]:
        """(4, 4): the node's world matrix, indexed [row, column]; IndexError out of range."""

def read_scene(
    path_or_bytes: Union[_Path, bytes, bytearray, memoryview],
    *,
    up_axis: Optional[str] = ...,
    meters: bool = ...,
    bake_transforms: bool = ...,
    allow_external_files: bool = ...,
    strict_resources: bool = ...,
    repair: bool = ...,
    threads: int = ...,
    max_input_bytes: int = ...,
    max_memory_bytes: int = ...,
    max_depth: int = ...,
    max_nodes: int = ...,
    bytes_per_node: int = ...,
    max_copy_bytes: int = ...,
    copy_bytes_per_input_byte: int = ...,
    max_rebinds_per_node: int = ...,
    max_accessors: int = ...,
    max_string_bytes: int = ...,
    max_archive_entries: int = ...,
    max_archive_ratio: int = ...,
    progress: _Progress = ...,
) -> SceneData: ...
def read(
    path: _Path,
    *,
    allow_external_files: bool = ...,
    strict_resources: bool = ...,
    repair: bool = ...,
    threads: int = ...,
    max_input_bytes: int = ...,
    max_memory_bytes: int = ...,
    max_depth: int = ...,
    max_nodes: int = ...,
    bytes_per_node: int = ...,
    max_copy_bytes: int = ...,
    copy_bytes_per_input_byte: int = ...,
    max_rebinds_per_node: int = ...,
    max_accessors: int = ...,
    max_string_bytes: int = ...,
    max_archive_entries: int = ...,
    max_archive_ratio: int = ...,
    progress: _Progress = ...,
) -> PolyData: ...
def write_scene(
    scene: SceneData,
    path: Union[_Path, IO[bytes], IO[str]],
    *,
    binary: Optional[bool] = ...,
    collada: bool = ...,
    format: Optional[str] = ...,
    compress: Optional[str] = ...,
    fallback: bool = ...,
    compress_only: bool = ...,
    draco_position_bits: int = ...,
    draco_normal_bits: int = ...,
    draco_texcoord_bits: int = ...,
    draco_color_bits: int = ...,
    draco_generic_bits: int = ...,
    draco_level: int = ...,
    optimize: bool = ...,
    transcode_images: Optional[bool] = ...,
    allow_external_files: bool = ...,
    allow_remote_uris: bool = ...,
    threads: int = ...,
    progress: _Progress = ...,
) -> None: ...
def write(
    mesh: PolyData,
    path: _Path,
    *,
    binary: Optional[bool] = ...,
    collada: bool = ...,
    format: Optional[str] = ...,
    compress: Optional[str] = ...,
    fallback: bool = ...,
    compress_only: bool = ...,
    draco_position_bits: int = ...,
    draco_normal_bits: int = ...,
    draco_texcoord_bits: int = ...,
    draco_color_bits: int = ...,
    draco_generic_bits: int = ...,
    draco_level: int = ...,
    optimize: bool = ...,
    transcode_images: Optional[bool] = ...,
    allow_external_files: bool = ...,
    allow_remote_uris: bool = ...,
    threads: int = ...,
    progress: _Progress = ...,
) -> None: ...
