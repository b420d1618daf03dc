# A .deb of the install (cpack -G DEB in the build tree): a backend team
# installs onnxcts without building it. Its library dependencies come from
# dpkg-shlibdeps; the runtimes the named backends drive are not in it:
# /usr/share/onnxcts/workers/setup-runtimes installs them from the lock
# files, which is why it recommends what that script needs.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME onnxcts)
set(CPACK_PACKAGE_VENDOR onnxcts)
set(CPACK_PACKAGE_CONTACT "onnxcts developers <onnxcts@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Bit-exact conformance and fuzz testing of ONNX runtimes")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-venv, nodejs, npm, gcc")
set(CPACK_STRIP_FILES ON)
include(CPack)
