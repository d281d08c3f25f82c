// FlatScene Blinn-Phong fragment shader. Prepended by the renderer: #version, MAX_LIGHTS, MAX_MATERIALS,
// TEXTURE_ARRAYS, LAYER_SPAN and frame.glsl.

layout(std140) uniform Materials {
    // per material: base color with alpha, then (specular, shininess, emission, 0), then the base-colour, normal and
    // emissive textures as array * LAYER_SPAN + layer (-1 for none), 0
    vec4 materials[MAX_MATERIALS * 3];
};

// 1 while drawing a transparent run; opaque runs write alpha 1 whatever the material says
uniform int blending;
// array i on texture unit i
uniform sampler2DArray textures[TEXTURE_ARRAYS];
#if TEXTURE_ARRAYS != 16
#error sampleTexture names each of 16 arrays in a case of its own
#endif

in vec3 vWorldPosition;
in vec3 vNormal;
in vec2 vUv;
in vec4 vTangent;
in vec4 vColor;
flat in uint vMaterial;

out vec4 fragColor;

vec3 shade(vec3 n, vec3 v, vec3 l, vec3 color, vec3 base, vec2 specular) {
    float diffuse = max(dot(n, l), 0.0);
    float highlight = diffuse > 0.0 ? pow(max(dot(n, normalize(l + v)), 0.0), specular.y) : 0.0;
    return color * (base * diffuse + specular.x * highlight);
}

// The material picks its array per fragment, and indexing a sampler array so is undefined before GLSL 4.60: each
// case names its array by a constant. The gradients come from outside the branch, where every fragment takes them.
vec4 sampleTexture(float reference, vec2 gradX, vec2 gradY) {
    int array = int(reference) / LAYER_SPAN;
    vec3 at = vec3(vUv, float(int(reference) - array * LAYER_SPAN));
    switch (array) {
        case 0: return textureGrad(textures[0], at, gradX, gradY);
        case 1: return textureGrad(textures[1], at, gradX, gradY);
        case 2: return textureGrad(textures[2], at, gradX, gradY);
        case 3: return textureGrad(textures[3], at, gradX, gradY);
        case 4: return textureGrad(textures[4], at, gradX, gradY);
        case 5: return textureGrad(textures[5], at, gradX, gradY);
        case 6: return textureGrad(textures[6], at, gradX, gradY);
        case 7: return textureGrad(textures[7], at, gradX, gradY);
        case 8: return textureGrad(textures[8], at, gradX, gradY);
        case 9: return textureGrad(textures[9], at, gradX, gradY);
        case 10: return textureGrad(textures[10], at, gradX, gradY);
        case 11: return textureGrad(textures[11], at, gradX, gradY);
        case 12: return textureGrad(textures[12], at, gradX, gradY);
        case 13: return textureGrad(textures[13], at, gradX, gradY);
        case 14: return textureGrad(textures[14], at, gradX, gradY);
        case 15: return textureGrad(textures[15], at, gradX, gradY);
        default: return vec4(1.0);
    }
}

// An SRGB8_ALPHA8 texel arrives linear, filtered in linear light; the renderer's colors are the values shown (no
// output encoding), so the texel goes back to the value the image holds
vec3 toImageValue(vec3 linear) {
    return mix(linear * 12.92, 1.055 * pow(linear, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), linear));
}

void main() {
    vec4 base = materials[vMaterial * 3u] * vColor;
    vec3 surface = materials[vMaterial * 3u + 1u].xyz;
    vec3 references = materials[vMaterial * 3u + 2u].xyz;
    vec2 specular = surface.xy;
    vec2 uvX = dFdx(vUv);
    vec2 uvY = dFdy(vUv);
    vec3 positionX = dFdx(vWorldPosition);
    vec3 positionY = dFdy(vWorldPosition);
    if (references.x >= 0.0) {
        vec4 texel = sampleTexture(references.x, uvX, uvY);
        base *= vec4(toImageValue(texel.rgb), texel.a);
    }
    vec3 emitted = surface.z * base.rgb;
    if (references.z >= 0.0) {
        emitted = surface.z * toImageValue(sampleTexture(references.z, uvX, uvY).rgb);
    }
    // a zero scale collapses the normal to nothing: divided by at least a tiny length it stays zero, not NaN, and
    // the degenerate surface gets ambient light only
    vec3 n = vNormal / max(length(vNormal), 1e-20);
    if (references.y >= 0.0 && dot(n, n) > 0.0) {
        vec3 bent = sampleTexture(references.y, uvX, uvY).xyz * 2.0 - 1.0;
        vec3 t;
        vec3 b;
        if (dot(vTangent.xyz, vTangent.xyz) > 0.0) {
            t = normalize(vTangent.xyz - n * dot(n, vTangent.xyz));
            b = cross(n, t) * (vTangent.w < 0.0 ? -1.0 : 1.0);
        } else {
            // no tangents: the frame from how position and uv change across the pixel (the cotangent frame);
            // v grows down the image, so the bitangent, pointing to its top, is the negated v direction
            vec3 acrossY = cross(positionY, n);
            vec3 acrossX = cross(n, positionX);
            vec3 du = acrossY * uvX.x + acrossX * uvY.x;
            vec3 dv = acrossY * uvX.y + acrossX * uvY.y;
            float scale = inversesqrt(max(max(dot(du, du), dot(dv, dv)), 1e-30));
            t = du * scale;
            b = -dv * scale;
        }
        n = normalize(mat3(t, b, n) * bent);
    }
    vec3 v = normalize(cameraPosition.xyz - vWorldPosition);
    vec3 color = ambient.rgb * base.rgb + emitted;
    if (sunDirection.w > 0.0) {
        color += shade(n, v, -sunDirection.xyz, sunColor.rgb, base.rgb, specular);
    }
    for (int i = 0; i < lightCount.x; i++) {
        vec3 toLight = lights[i].positionRange.xyz - vWorldPosition;
        float distance = length(toLight);
        vec3 l = toLight / max(distance, 1e-6);
        float falloff = clamp(1.0 - distance / lights[i].positionRange.w, 0.0, 1.0);
        falloff *= falloff;
        if (lights[i].colorSpot.w > 0.0) {
            float cosAngle = dot(-l, lights[i].directionCosOuter.xyz);
            falloff *= smoothstep(lights[i].directionCosOuter.w, lights[i].cosInner.x, cosAngle);
        }
        color += falloff * shade(n, v, l, lights[i].colorSpot.rgb, base.rgb, specular);
    }
    fragColor = vec4(color, blending != 0 ? base.a : 1.0);
}
