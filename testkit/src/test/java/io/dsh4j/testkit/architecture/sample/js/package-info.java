/** Fixture for {@code JsLayerRulesTest}: code that copies the JavaScript layer. */
@API(status = API.Status.INTERNAL)
package io.dsh4j.testkit.architecture.sample.js;

import org.apiguardian.api.API;
