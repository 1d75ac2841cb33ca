// Package reliability holds tests that run the real folio binary: SIGKILL mid-load with
// nothing lost, backups restored, and the headers of the served site and /_/.
package reliability
