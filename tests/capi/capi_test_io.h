/* Output of the C API test: stdout on the host, the board's console under QEMU
 * (the images have no stdio: newlib's printf allocates). */
#ifndef CAPI_TEST_IO_H
#define CAPI_TEST_IO_H

void capi_test_write(const char* text);
void capi_test_flush(void);

#endif
