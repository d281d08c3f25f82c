/**
 * Startup configuration of a scene: the capacities each manager allocates up front, what happens past them, worker
 * threads, validation mode and the transform pass's kernel ({@link io.flatscene.core.config.TransformKernel}).
 * {@link io.flatscene.core.config.SceneConfig} is built from a builder, a properties file or the defaults, and system
 * properties, applied last, win over any of them; a bad value fails there, naming its key, its value and the rule it
 * breaks, rather than surfacing frames later as an odd allocation. Each key is declared once, as a
 * {@link io.flatscene.core.config.Setting} of its configuration's {@link io.flatscene.core.config.SettingTable}, which
 * lends the same reading rules and precedence to the renderer's configuration.
 */
package io.flatscene.core.config;
