/**
 * The ways into OpenGL: a headless EGL context on the device platform (servers, tests, screenshots), a GLFW window,
 * or none at all when the game made its own context current. Only these classes create or destroy contexts.
 */
package io.flatscene.render.context;
