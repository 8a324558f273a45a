/**
 * Plugin configuration schemas: a small immutable DSL with the rules of DSH's schemastery subset
 * (spec §1.13), validating a plugin's raw config at every load and mapping it onto a record.
 */
@API(status = API.Status.STABLE)
package io.dsh4j.kernel.config;

import org.apiguardian.api.API;
