// FlatScene overlay fragment shader, shared by the text and bounding-box overlays. Prepended by the overlay: #version.

in vec4 vColour;

out vec4 fragColour;

void main() {
    fragColour = vColour;
}
