/**
 * DSH's {@code repeat-tool-reminder} guard plugin: it watches each agent's consecutive tool calls
 * and, when one call repeats with identical arguments a threshold number of times, adds a reminder
 * after the step's results.
 */
@API(status = API.Status.EXPERIMENTAL)
package io.dsh4j.tool.reminder;

import org.apiguardian.api.API;
