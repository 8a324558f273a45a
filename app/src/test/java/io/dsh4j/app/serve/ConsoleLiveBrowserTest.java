package io.dsh4j.app.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import io.dsh4j.app.run.Recording;
import io.dsh4j.session.LogEncoding;
import io.dsh4j.session.SessionLayout;
import io.dsh4j.testkit.Corpus;
import io.dsh4j.testkit.ReplayModelServer;
import io.dsh4j.testkit.SessionLogBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15, the console's live views in Chromium: a replayed run prompted from the chat box streams
 * into the page while it runs (keyboard only, 1280×800); the deliberation view of a synthetic round
 * and the chat without a model, in Chinese on a narrow window. Screenshots under
 * {@code app/target/console-screenshots/}. Skipped, saying why, only without {@code /usr/bin/chromium}.
 */
class ConsoleLiveBrowserTest {

    /** The canonical value of the synthetic round with its third branch, timed out. */
    static final String THREE_BRANCHES = DeliberationRunsTest.CANONICAL.substring(0, DeliberationRunsTest.CANONICAL.lastIndexOf(']'))
            + ",{\"label\":\"review\",\"role\":\"masked-review\",\"history\":\"mid-fork\",\"route\":\"fast\",\"capability\":\"none\","
            + "\"historyWindow\":{\"kind\":\"recent-steps\",\"requestedSteps\":2,\"projectedSteps\":1},\"stopReason\":\"timeout\","
            + "\"cleanup\":\"not-started\",\"diagnostic\":\"branch deadline elapsed\"}]}";

    @TempDir
    static Path profile;
    @TempDir
    Path home;
    @TempDir
    Path work;

    static Playwright playwright;
    static BrowserContext browser;
    Page page;

    @BeforeAll
    static void start() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(ConsoleBrowserTest.CHROMIUM),
                "browser tests skipped: Chromium is not installed at " + ConsoleBrowserTest.CHROMIUM + " (.ci/run installs it)");
        Files.createDirectories(ConsoleBrowserTest.SHOTS);
        playwright = Playwright.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
        browser = playwright.chromium().launchPersistentContext(profile, new BrowserType.LaunchPersistentContextOptions()
                .setExecutablePath(ConsoleBrowserTest.CHROMIUM).setHeadless(true).setViewportSize(1280, 800).setLocale("en-US")
                .setArgs(List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--no-first-run")));
    }

    @AfterAll
    static void stop() {
        if (browser != null) browser.close();
        if (playwright != null) playwright.close();
    }

    @BeforeEach
    void open() {
        page = browser.newPage();
        page.setDefaultTimeout(60_000);
        page.onPageError(m -> System.err.println("browser page error: " + m));
    }

    @AfterEach
    void close() {
        page.close();
    }

    @Test
    void a_replayed_run_prompted_from_the_chat_box_streams_into_the_page_as_it_happens() throws Exception {
        Path recording = ConsoleLiveTest.recording("text-turn");
        Recording recorded = Recording.of(recording);
        try (ReplayModelServer model = ReplayModelServer.start(recording, 0, List.of("--delay-ms", "200"));
             LiveServe serve = new LiveServe(Map.of(), "--home", home.toString(), "--cwd", work.toString(), "--base-url", model.baseUrl())) {
            page.navigate(serve.url + "#/chat");
            page.waitForSelector("#chat-input:focus");
            assertThat(page.textContent("#chat-model")).contains("deepseek").contains("--yes");
            page.keyboard().type(recorded.prompt());
            page.keyboard().press("Enter");
            // part of the answer is on the page while the turn is still running
            page.waitForFunction("() => { const t = document.querySelector('#chat-log .live-text');"
                    + " return t && t.textContent.length > 0 && !document.querySelector('#chat-log .turn-end'); }");
            assertThat(page.textContent("#chat-status")).isEqualTo("Running…");
            assertThat(page.isEnabled("#chat-cancel")).isTrue();
            page.screenshot(new Page.ScreenshotOptions().setPath(ConsoleBrowserTest.SHOTS.resolve("chat-streaming.png")));
            page.waitForSelector("#chat-log .turn-end");
            assertThat(page.textContent("#chat-log .turn-end")).isEqualTo("Turn ended: completed");
            assertThat(page.textContent("#chat-log .msg-user .body")).isEqualTo(recorded.prompt());
            assertThat(page.textContent("#chat-log .msg-assistant.done .body").strip()).isEqualTo(recorded.finalText().strip());
            assertThat(page.locator("#chat-log details.reasoning[open]").count()).isZero();
            assertThat(page.textContent("#chat-status")).isEqualTo("Idle");
            assertThat(page.isDisabled("#chat-cancel")).isTrue();
            String id = page.evaluate("() => decodeURIComponent(location.hash.split('/')[2])").toString();
            assertThat(page.textContent("#chat-session")).contains(id);
            page.screenshot(new Page.ScreenshotOptions().setPath(ConsoleBrowserTest.SHOTS.resolve("chat-done.png")).setFullPage(true));
        }
    }

    @Test
    void the_deliberation_view_and_the_chat_without_a_model_in_chinese_on_a_narrow_window_by_keyboard() throws Exception {
        String parent = DeliberationRunsTest.PARENT;
        SessionLogBuilder.withHeaderLine(DeliberationRunsTest.header(parent, null, 1000))
                .event("turn/start", "{\"turn\":1}")
                .event("tool/call", DeliberationRunsTest.call(1, 2, "c1", "deliberate", DeliberationRunsTest.ARGS))
                .event("tool/result", DeliberationRunsTest.result(1, 2, "c1", DeliberationRunsTest.RENDERED, false,
                        THREE_BRANCHES))
                .writeRaw(SessionLayout.logPath(home.resolve("sessions"), "/w", parent, LogEncoding.RAW));
        SessionLogBuilder.withHeaderLine(DeliberationRunsTest.header(DeliberationRunsTest.CHILD_A, parent, 1001))
                .writeRaw(SessionLayout.logPath(home.resolve("sessions"), "/w", DeliberationRunsTest.CHILD_A, LogEncoding.RAW));
        try (TestServer server = new TestServer(home)) {
            page.setViewportSize(420, 800);
            page.navigate(server.base() + "/");
            page.evaluate("localStorage.setItem('dsh4j.lang', 'zh-CN')");
            page.navigate(server.base() + "/#/session/" + parent + "/transcript");
            page.reload();
            page.waitForSelector("html[lang=zh-CN] #tab-deliberation");
            assertThat(page.textContent("#tab-deliberation")).isEqualTo("审议");
            page.focus("#tab-deliberation");
            page.keyboard().press("Enter");
            page.waitForSelector("#deliberation .delib-run");
            assertThat(page.textContent("#deliberation h3")).isEqualTo("第 1 轮审议 · 第 1 轮，第 2 步");
            assertThat(page.locator("#deliberation tr.branch").count()).isEqualTo(3);
            assertThat(page.textContent("tr.branch[data-label=alt] td.branch-role")).isEqualTo("independent-alternative");
            assertThat(page.textContent("tr.branch[data-label=audit] td.stop")).isEqualTo("invalid-structured-result");
            assertThat(page.textContent("tr.branch[data-label=review] td.stop")).isEqualTo("timeout");
            assertThat(page.textContent("tr.branch[data-label=alt] td.packet")).contains("no_update");
            assertThat(page.getAttribute("tr.branch[data-label=audit] td.stop", "data-col")).isEqualTo("停止原因");
            assertThat((Boolean) page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")).isTrue();
            page.screenshot(new Page.ScreenshotOptions().setPath(ConsoleBrowserTest.SHOTS.resolve("deliberation-zh-narrow.png")).setFullPage(true));
            // the child session is reached with the keyboard from the branch row
            page.focus("tr.branch[data-label=review] th");
            String focused = "";
            for (int i = 0; i < 20 && !focused.equals(DeliberationRunsTest.CHILD_A); i++) {
                page.keyboard().press("Shift+Tab");
                focused = page.evaluate("() => document.activeElement.textContent").toString();
            }
            assertThat(focused).isEqualTo(DeliberationRunsTest.CHILD_A);
            page.keyboard().press("Enter");
            page.waitForSelector("h2.session-id");
            assertThat(page.textContent("h2.session-id")).isEqualTo(DeliberationRunsTest.CHILD_A);
            // without a model the chat says how to configure one and offers nothing to send
            page.navigate(server.base() + "/#/chat");
            page.waitForSelector("#chat-no-model");
            assertThat(page.textContent("#chat-no-model")).contains("未配置模型").contains("DEEPSEEK_API_KEY").contains("--base-url");
            assertThat(page.locator("#chat-input").count()).isZero();
            assertThat(page.textContent("#nav-chat")).isEqualTo("对话");
            page.screenshot(new Page.ScreenshotOptions().setPath(ConsoleBrowserTest.SHOTS.resolve("chat-no-model-zh-narrow.png")));
        }
    }
}
