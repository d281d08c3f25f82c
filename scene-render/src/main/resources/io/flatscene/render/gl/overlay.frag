// FlatScene overlay fragment shader, shared by the text and bounding-box overlays. Prepended by the overlay: #version.

in vec4 vColor;

out vec4 fragColor;

void main() {
    fragColor = vColor;
}
