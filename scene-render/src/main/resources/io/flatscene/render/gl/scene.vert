// FlatScene instanced vertex shader. Prepended by the renderer: #version, RESIDENT_TRANSFORMS on the multi-draw
// path, MAX_LIGHTS, MAX_MATERIALS and frame.glsl.

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
// xyz where u grows, w the bitangent's sign; all zero for a mesh without tangents
layout(location = 3) in vec4 tangent;
layout(location = 4) in vec4 color;
#ifdef RESIDENT_TRANSFORMS
// The instance's transform slot, material and tint; the world matrices stay on the GPU, by slot, in the scene's lane
// blocks: component c of slot s at 96 * (s / 8) + 8 * c + s % 8, JOML Matrix4x3f's column order
layout(location = 5) in uint slot;
layout(location = 6) in uint material;
layout(location = 7) in vec4 tint;
layout(std430, binding = 0) readonly buffer WorldMatrices {
    float worldLanes[];
};
#else
// One instance's world matrix as JOML Matrix4x3f stores it, column after column, packed in three vec4s
layout(location = 5) in vec4 world0;
layout(location = 6) in vec4 world1;
layout(location = 7) in vec4 world2;
layout(location = 8) in uint material;
layout(location = 9) in vec4 tint;
#endif

out vec3 vWorldPosition;
out vec3 vNormal;
out vec2 vUv;
out vec4 vTangent;
out vec4 vColor;
flat out uint vMaterial;

void main() {
#ifdef RESIDENT_TRANSFORMS
    uint base = (slot >> 3u) * 96u + (slot & 7u);
    float m[12];
    for (uint c = 0u; c < 12u; c++) {
        m[c] = worldLanes[base + 8u * c];
    }
    mat4x3 world = mat4x3(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9], m[10], m[11]);
#else
    mat4x3 world = mat4x3(world0.xyz, vec3(world0.w, world1.xy), vec3(world1.zw, world2.x), world2.yzw);
#endif
    vec3 worldPosition = world * vec4(position, 1.0);
    mat3 linear = mat3(world);
    // The cofactor matrix is the inverse transpose times the determinant: right for non-uniform scale without a
    // division, and the determinant's sign keeps normals outward under a mirroring scale
    mat3 cofactor = mat3(cross(linear[1], linear[2]), cross(linear[2], linear[0]), cross(linear[0], linear[1]));
    float handedness = dot(linear[0], cross(linear[1], linear[2])) < 0.0 ? -1.0 : 1.0;
    vWorldPosition = worldPosition;
    vNormal = handedness * (cofactor * normal);
    vMaterial = material;
    vUv = uv;
    // a tangent lies in the surface, so the linear part carries it; w (the bitangent's sign) flips with a mirror
    vTangent = vec4(linear * tangent.xyz, tangent.w * handedness);
    vColor = color * tint;
    gl_Position = viewProjection * vec4(worldPosition, 1.0);
}
