"""Documents the CLI's Python tests make."""


def textured_triangle_dae(texture_uri):
    """A COLLADA document of one triangle whose phong material's diffuse is the image at
    texture_uri (as the document spells it), sampled with TEXCOORD set 0."""
    return DAE.replace("TEXTURE", texture_uri)


DAE = """<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<library_images><image id="wood" name="wood"><init_from>TEXTURE</init_from></image>
</library_images>
<library_effects><effect id="e"><profile_COMMON>
<newparam sid="surf"><surface type="2D"><init_from>wood</init_from></surface></newparam>
<newparam sid="samp"><sampler2D><source>surf</source></sampler2D></newparam>
<technique sid="t"><phong><diffuse><texture texture="samp" texcoord="uv"/></diffuse></phong>
</technique></profile_COMMON></effect></library_effects>
<library_materials><material id="m"><instance_effect url="#e"/></material></library_materials>
<library_geometries><geometry id="g"><mesh>
<source id="p"><float_array id="pa" count="9">0 0 0 1 0 0 0 1 0</float_array>
<technique_common><accessor source="#pa" count="3" stride="3"><param name="X" type="float"/>
<param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
<source id="t"><float_array id="ta" count="6">0 0 1 0 0 1</float_array>
<technique_common><accessor source="#ta" count="3" stride="2"><param name="S" type="float"/>
<param name="T" type="float"/></accessor></technique_common></source>
<vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
<triangles count="1" material="mat"><input semantic="VERTEX" source="#v" offset="0"/>
<input semantic="TEXCOORD" source="#t" offset="0" set="0"/><p>0 1 2</p></triangles>
</mesh></geometry></library_geometries>
<library_visual_scenes><visual_scene id="s"><node id="n"><instance_geometry url="#g">
<bind_material><technique_common><instance_material symbol="mat" target="#m">
<bind_vertex_input semantic="uv" input_semantic="TEXCOORD" input_set="0"/></instance_material>
</technique_common></bind_material></instance_geometry></node></visual_scene>
</library_visual_scenes><scene><instance_visual_scene url="#s"/></scene></COLLADA>
"""
