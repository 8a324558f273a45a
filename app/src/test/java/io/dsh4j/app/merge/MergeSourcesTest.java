package io.dsh4j.app.merge;

import static org.assertj.core.api.Assertions.assertThat;

import io.dsh4j.session.SessionHome;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Why a session log could not be read, worded for people: the JDK's file exceptions say only the path. */
class MergeSourcesTest {

    @TempDir
    Path home;

    private MergeSources surfaces(String lang) {
        return new MergeSources(new SessionHome(home), CliTexts.forTag(lang));
    }

    @Test
    void a_read_failure_names_the_problem_not_the_path_again() {
        MergeSources en = surfaces(null);
        assertThat(en.reason(new AccessDeniedException("/s/log.zstd"))).isEqualTo("permission denied");
        assertThat(en.reason(new NoSuchFileException("/s/log.zstd"))).isEqualTo("no such file or directory");
        assertThat(en.reason(new FileSystemException("/s/log.zstd", null, "Is a directory"))).isEqualTo("Is a directory");
        assertThat(en.reason(new IOException("Input/output error"))).isEqualTo("Input/output error");
        assertThat(surfaces("zh-CN").reason(new AccessDeniedException("/s/log.zstd"))).isEqualTo("没有权限");
    }
}
