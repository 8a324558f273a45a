/**
 * DSH's built-in tools with DSH's names and argument schemas — {@code read}, {@code write},
 * {@code edit}, {@code glob}, {@code grep}, {@code bash}, {@code todo_write} — confined to the
 * working directory, plus the approval gate that asks before commands and writes and
 * {@link io.dsh4j.tool.builtin.YesApproval}, the headless answer to it.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.tool.builtin;

import org.apiguardian.api.API;
