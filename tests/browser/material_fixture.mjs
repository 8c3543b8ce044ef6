// A hand-written COLLADA document for the browser check (issue 15, point 5): two quads, one
// textured through a Maya placement (repeat 2 3, offset 0.25 0.5, rotateUV 30), which polyxios
// writes as KHR_texture_transform, the other of <constant> shading, which it writes as
// KHR_materials_unlit. Its image is a 1x1 PNG in a data: URI, so the file stands alone.

import fs from 'node:fs';
import path from 'node:path';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const quad = (id, x) => `
    <geometry id="${id}"><mesh>
      <source id="${id}-p"><float_array id="${id}-pa" count="12">${x} 0 0 ${x + 1} 0 0 ${x + 1} 1 0 ${x} 1 0</float_array>
        <technique_common><accessor source="#${id}-pa" count="4" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
      <source id="${id}-t"><float_array id="${id}-ta" count="8">0 0 1 0 1 1 0 1</float_array>
        <technique_common><accessor source="#${id}-ta" count="4" stride="2"><param name="S" type="float"/><param name="T" type="float"/></accessor></technique_common></source>
      <vertices id="${id}-v"><input semantic="POSITION" source="#${id}-p"/></vertices>
      <triangles material="m" count="2"><input semantic="VERTEX" source="#${id}-v" offset="0"/><input semantic="TEXCOORD" source="#${id}-t" offset="0" set="0"/><p>0 1 2 0 2 3</p></triangles>
    </mesh></geometry>`;

const node = (id, material) => `
      <node id="${id}-node" name="${id}"><instance_geometry url="#${id}"><bind_material><technique_common>
        <instance_material symbol="m" target="#${material}"><bind_vertex_input semantic="UV" input_semantic="TEXCOORD" input_set="0"/></instance_material>
      </technique_common></bind_material></instance_geometry></node>`;

export const MATERIAL_FIXTURE = `<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit meter="1"/><up_axis>Y_UP</up_axis></asset>
  <library_images><image id="px"><init_from>${PNG}</init_from></image></library_images>
  <library_effects>
    <effect id="placed-fx"><profile_COMMON>
      <newparam sid="surf"><surface type="2D"><init_from>px</init_from></surface></newparam>
      <newparam sid="samp"><sampler2D><source>surf</source></sampler2D></newparam>
      <technique sid="common"><lambert><diffuse><texture texture="samp" texcoord="UV"><extra><technique profile="MAYA">
        <wrapU>1</wrapU><wrapV>1</wrapV><repeatU>2</repeatU><repeatV>3</repeatV><offsetU>0.25</offsetU><offsetV>0.5</offsetV><rotateUV>30</rotateUV>
      </technique></extra></texture></diffuse></lambert></technique>
    </profile_COMMON></effect>
    <effect id="flat-fx"><profile_COMMON><technique sid="common"><constant><emission><color>0.2 0.6 0.4 1</color></emission></constant></technique></profile_COMMON></effect>
  </library_effects>
  <library_materials>
    <material id="placed" name="placed"><instance_effect url="#placed-fx"/></material>
    <material id="flat" name="flat"><instance_effect url="#flat-fx"/></material>
  </library_materials>
  <library_geometries>${quad('placed-quad', 0)}${quad('flat-quad', 2)}
  </library_geometries>
  <library_visual_scenes><visual_scene id="scene">${node('placed-quad', 'placed')}${node('flat-quad', 'flat')}
  </visual_scene></library_visual_scenes>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
`;

// Writes the document as dir/materials.dae: its path.
export function writeMaterialFixture(dir) {
  const file = path.join(dir, 'materials.dae');
  fs.writeFileSync(file, MATERIAL_FIXTURE);
  return file;
}
