// The per-frame uniform block, shared by both stages; the renderer's FrameUniforms writes it in this layout.
struct LocalLight {
    vec4 positionRange;      // world position, range
    vec4 colorSpot;         // linear color, 1 for a spot light and 0 for a point light
    vec4 directionCosOuter;  // spot direction (world), cosine of the outer cone angle
    vec4 cosInner;           // cosine of the inner cone angle in x
};

layout(std140) uniform Frame {
    mat4 viewProjection;
    vec4 cameraPosition;
    vec4 ambient;
    vec4 sunDirection;       // direction the light travels, w = 1 when there is a directional light
    vec4 sunColor;
    ivec4 lightCount;        // x: local lights in use
    LocalLight lights[MAX_LIGHTS];
};
