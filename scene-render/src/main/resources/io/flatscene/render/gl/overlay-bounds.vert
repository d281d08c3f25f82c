// FlatScene bounding-box overlay vertex shader. Prepended by the overlay: #version.

// box corners in world space
layout(location = 0) in vec3 position;
layout(location = 1) in vec4 color;

uniform mat4 viewProjection;

out vec4 vColor;

void main() {
    gl_Position = viewProjection * vec4(position, 1.0);
    vColor = color;
}
