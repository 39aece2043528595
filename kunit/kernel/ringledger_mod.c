// SPDX-License-Identifier: GPL-2.0
/*
 * ringledger_mod.c - module metadata for ringledger_kunit.ko.  The suites
 * register themselves with kunit_test_suite() in their own files.
 */
#include <linux/module.h>

MODULE_DESCRIPTION("ringledger: mocked K3 CPSW data path, ledger and KUnit suites");
MODULE_LICENSE("GPL");
