// FlatScene HUD text vertex shader. Prepended by the overlay: #version.

// pixels from the target's top-left corner, y down, as stb_easy_font lays text out
layout(location = 0) in vec3 position;
layout(location = 1) in vec4 color;

// the target's size in pixels
uniform vec2 targetSize;

out vec4 vColor;

void main() {
    vec2 ndc = position.xy / targetSize * 2.0 - 1.0;
    // GL's window y grows upwards
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    vColor = color;
}
