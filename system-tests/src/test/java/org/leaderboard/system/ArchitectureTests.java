package org.leaderboard.system;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.core.domain.properties.HasParameterTypes.Predicates.rawParameterTypes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.querybuilder.QueryBuilder;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The layout is the architecture: the three processes share only shared-model, and each table is
 * written by the side that owns it.
 */
class ArchitectureTests {

    private static final JavaClasses CLASSES =
            new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("org.leaderboard");

    @Test
    void theQuerySideIsIndependentOfTheWriteSide() {
        noClasses()
                .that()
                .resideInAPackage("org.leaderboard.query..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.leaderboard.writer..", "org.leaderboard.snapshot..")
                .check(CLASSES);
    }

    @Test
    void theWriterKnowsNeitherSnapshotsNorQueries() {
        noClasses()
                .that()
                .resideInAPackage("org.leaderboard.writer..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.leaderboard.query..", "org.leaderboard.snapshot..")
                .check(CLASSES);
    }

    @Test
    void theSnapshotWorkerKnowsNeitherTheWriterNorTheQueryService() {
        noClasses()
                .that()
                .resideInAPackage("org.leaderboard.snapshot..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.leaderboard.query..", "org.leaderboard.writer..")
                .check(CLASSES);
    }

    @Test
    void theOperatorCliIsAnHttpClientOfTheServicesNotAPartOfThem() {
        noClasses()
                .that()
                .resideInAPackage("org.leaderboard.cli..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.springframework..",
                        "org.leaderboard.writer..",
                        "org.leaderboard.query..",
                        "org.leaderboard.snapshot..",
                        "org.leaderboard.model.cassandra..")
                .check(CLASSES);
    }

    @Test
    void theSharedModelIsPlainJavaWithoutSpringOrAxon() {
        noClasses()
                .that()
                .resideInAPackage("org.leaderboard.model..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.springframework..",
                        "org.axonframework..",
                        "org.leaderboard.writer..",
                        "org.leaderboard.query..",
                        "org.leaderboard.snapshot..")
                .check(CLASSES);
    }

    /**
     * Events, claims and boards are written from the writer's store package, snapshots, folded
     * partitions and retention from the snapshot worker; everything else (the query service, the
     * shared model, security, the CLI) only reads.
     */
    @Test
    void onlyTheOwningSidesBuildWriteStatements() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "org.leaderboard.model..",
                        "org.leaderboard.query..",
                        "org.leaderboard.writer..",
                        "org.leaderboard.snapshot..",
                        "org.leaderboard.security..",
                        "org.leaderboard.storebeans..",
                        "org.leaderboard.cli..")
                .and()
                .resideOutsideOfPackages(
                        "org.leaderboard.writer.store..", "org.leaderboard.snapshot..")
                .should()
                .callMethodWhere(
                        target(owner(type(QueryBuilder.class)))
                                .and(target(nameMatching("insertInto|update|deleteFrom|truncate"))))
                .check(CLASSES);
    }

    /**
     * Every statement names its keyspace ({@code Tables}): an unqualified prepared statement can
     * run in another keyspace of the same cluster after a node restarts.
     */
    @Test
    void everyStatementNamesItsKeyspace() {
        for (Class<?> table : List.of(String.class, CqlIdentifier.class)) {
            noClasses()
                    .should()
                    .callMethodWhere(
                            target(owner(type(QueryBuilder.class)))
                                    .and(
                                            target(
                                                    nameMatching(
                                                            "selectFrom|insertInto|update|deleteFrom|truncate")))
                                    .and(target(rawParameterTypes(table))))
                    .check(CLASSES);
        }
    }

    @Test
    void theSharedBeansKnowNoService() {
        noClasses()
                .that()
                .resideInAPackage("org.leaderboard.storebeans..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.leaderboard.writer..",
                        "org.leaderboard.query..",
                        "org.leaderboard.snapshot..")
                .check(CLASSES);
    }
}
