// FlatScene Blinn-Phong fragment shader. Prepended by the renderer: #version, MAX_LIGHTS, MAX_MATERIALS and frame.glsl.

layout(std140) uniform Materials {
    // per material: base color with alpha, then (specular, shininess, emission, 0)
    vec4 materials[MAX_MATERIALS * 2];
};

// 1 while drawing a transparent run; opaque runs write alpha 1 whatever the material says
uniform int blending;

in vec3 vWorldPosition;
in vec3 vNormal;
flat in uint vMaterial;

out vec4 fragColor;

vec3 shade(vec3 n, vec3 v, vec3 l, vec3 color, vec3 base, vec2 specular) {
    float diffuse = max(dot(n, l), 0.0);
    float highlight = diffuse > 0.0 ? pow(max(dot(n, normalize(l + v)), 0.0), specular.y) : 0.0;
    return color * (base * diffuse + specular.x * highlight);
}

void main() {
    vec4 base = materials[vMaterial * 2u];
    vec3 surface = materials[vMaterial * 2u + 1u].xyz;
    vec2 specular = surface.xy;
    // a zero scale collapses the normal to nothing: divided by at least a tiny length it stays zero, not NaN, and
    // the degenerate surface gets ambient light only
    vec3 n = vNormal / max(length(vNormal), 1e-20);
    vec3 v = normalize(cameraPosition.xyz - vWorldPosition);
    vec3 color = (ambient.rgb + surface.z) * base.rgb;
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
