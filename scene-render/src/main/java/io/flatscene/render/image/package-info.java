/** Pictures on the CPU side: screenshots read back from a render target, PNG files written and read with stb. */
package io.flatscene.render.image;
