// Generated from contracts/contracts/LibraryAddressLocator.sol (solc 0.8.28) by contracts/scripts/generate-artifacts.ts.
// Do not edit: run `npm run generate -w contracts`.

export const libraryAddressLocatorAbi = [
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "nftCode",
        "type": "address"
      }
    ],
    "stateMutability": "nonpayable",
    "type": "constructor"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "implementation",
        "type": "address"
      }
    ],
    "name": "BeaconInvalidImplementation",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "owner",
        "type": "address"
      }
    ],
    "name": "OwnableInvalidOwner",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "account",
        "type": "address"
      }
    ],
    "name": "OwnableUnauthorizedAccount",
    "type": "error"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "collection",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "deployer",
        "type": "address"
      }
    ],
    "name": "CollectionCreated",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "libraryAddress",
        "type": "address"
      },
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "version",
        "type": "uint256"
      }
    ],
    "name": "LibraryAddressChanged",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "previousOwner",
        "type": "address"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "newOwner",
        "type": "address"
      }
    ],
    "name": "OwnershipTransferred",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "address",
        "name": "implementation",
        "type": "address"
      }
    ],
    "name": "Upgraded",
    "type": "event"
  },
  {
    "stateMutability": "nonpayable",
    "type": "fallback"
  },
  {
    "inputs": [],
    "name": "implementation",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "libraryAddress",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "libraryVersion",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "owner",
    "outputs": [
      {
        "internalType": "address",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "deployer",
        "type": "address"
      }
    ],
    "name": "registerCollection",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "renounceOwnership",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "newLibraryAddress",
        "type": "address"
      }
    ],
    "name": "setLibraryAddress",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "newOwner",
        "type": "address"
      }
    ],
    "name": "transferOwnership",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "address",
        "name": "newImplementation",
        "type": "address"
      }
    ],
    "name": "upgradeTo",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  }
] as const;

/** Creation bytecode (constructor arguments are appended by encodeDeployData). */
export const libraryAddressLocatorBytecode: `0x${string}` = '0x608060405234801561000f575f5ffd5b5060405161074538038061074583398101604081905261002e91610183565b8033808061005657604051631e4fbdf760e01b81525f60048201526024015b60405180910390fd5b61005f816100b6565b5061006982610105565b5050600160028190556040519081526001600160a01b038216907fcab8eef7f37056b99fb2956a218adfea7ac14f4d346f8192fed21e538093f67e9060200160405180910390a2506101b0565b5f80546001600160a01b038381166001600160a01b0319831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b806001600160a01b03163b5f0361013a5760405163211eb15960e21b81526001600160a01b038216600482015260240161004d565b600180546001600160a01b0319166001600160a01b0383169081179091556040517fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b905f90a250565b5f60208284031215610193575f5ffd5b81516001600160a01b03811681146101a9575f5ffd5b9392505050565b610588806101bd5f395ff3fe608060405234801561000f575f5ffd5b50600436106100a1575f3560e01c80635c60da1b116100745780638da5cb5b116100595780638da5cb5b1461016d578063b816f5131461018a578063f2fde38b14610192576100a1565b80635c60da1b14610126578063715018a614610165576100a1565b80633659cfe6146100d557806341c40576146100ea5780634863ba17146100fd5780634ed6aa9614610110575b5f6100c160015473ffffffffffffffffffffffffffffffffffffffff1690565b905036156100cd575f5ffd5b805f5260205ff35b6100e86100e33660046104bc565b6101a5565b005b6100e86100f83660046104bc565b610221565b6100e861010b3660046104bc565b610266565b6002546040519081526020015b60405180910390f35b60015473ffffffffffffffffffffffffffffffffffffffff165b60405173ffffffffffffffffffffffffffffffffffffffff909116815260200161011d565b6100e8610272565b5f5473ffffffffffffffffffffffffffffffffffffffff16610140565b610140610285565b6100e86101a03660046104bc565b6102aa565b6101ad61030f565b6101b681610361565b5f60025f81546101c5906104f6565b91905081905590508173ffffffffffffffffffffffffffffffffffffffff167fcab8eef7f37056b99fb2956a218adfea7ac14f4d346f8192fed21e538093f67e8260405161021591815260200190565b60405180910390a25050565b60405173ffffffffffffffffffffffffffffffffffffffff82169033907f5d0de243db1669e3a7056744cd715c625f0c1c348736c2c2d53d0ddebff1a6c7905f90a350565b61026f816101a5565b50565b61027a61030f565b6102835f610372565b565b5f6102a560015473ffffffffffffffffffffffffffffffffffffffff1690565b905090565b6102b261030f565b73ffffffffffffffffffffffffffffffffffffffff8116610306576040517f1e4fbdf70000000000000000000000000000000000000000000000000000000081525f60048201526024015b60405180910390fd5b61026f81610372565b5f5473ffffffffffffffffffffffffffffffffffffffff163314610283576040517f118cdaa70000000000000000000000000000000000000000000000000000000081523360048201526024016102fd565b61036961030f565b61026f816103e6565b5f805473ffffffffffffffffffffffffffffffffffffffff8381167fffffffffffffffffffffffff0000000000000000000000000000000000000000831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b8073ffffffffffffffffffffffffffffffffffffffff163b5f0361044e576040517f847ac56400000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff821660048201526024016102fd565b600180547fffffffffffffffffffffffff00000000000000000000000000000000000000001673ffffffffffffffffffffffffffffffffffffffff83169081179091556040517fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b905f90a250565b5f602082840312156104cc575f5ffd5b813573ffffffffffffffffffffffffffffffffffffffff811681146104ef575f5ffd5b9392505050565b5f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff820361054b577f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b506001019056fea2646970667358221220f7a38ca9e3becff861b6124202b5cf3af40373b7e36fafd01f134813e078ad9264736f6c634300081c0033';

/** Runtime bytecode, as returned by eth_getCode once deployed. */
export const libraryAddressLocatorDeployedBytecode: `0x${string}` = '0x608060405234801561000f575f5ffd5b50600436106100a1575f3560e01c80635c60da1b116100745780638da5cb5b116100595780638da5cb5b1461016d578063b816f5131461018a578063f2fde38b14610192576100a1565b80635c60da1b14610126578063715018a614610165576100a1565b80633659cfe6146100d557806341c40576146100ea5780634863ba17146100fd5780634ed6aa9614610110575b5f6100c160015473ffffffffffffffffffffffffffffffffffffffff1690565b905036156100cd575f5ffd5b805f5260205ff35b6100e86100e33660046104bc565b6101a5565b005b6100e86100f83660046104bc565b610221565b6100e861010b3660046104bc565b610266565b6002546040519081526020015b60405180910390f35b60015473ffffffffffffffffffffffffffffffffffffffff165b60405173ffffffffffffffffffffffffffffffffffffffff909116815260200161011d565b6100e8610272565b5f5473ffffffffffffffffffffffffffffffffffffffff16610140565b610140610285565b6100e86101a03660046104bc565b6102aa565b6101ad61030f565b6101b681610361565b5f60025f81546101c5906104f6565b91905081905590508173ffffffffffffffffffffffffffffffffffffffff167fcab8eef7f37056b99fb2956a218adfea7ac14f4d346f8192fed21e538093f67e8260405161021591815260200190565b60405180910390a25050565b60405173ffffffffffffffffffffffffffffffffffffffff82169033907f5d0de243db1669e3a7056744cd715c625f0c1c348736c2c2d53d0ddebff1a6c7905f90a350565b61026f816101a5565b50565b61027a61030f565b6102835f610372565b565b5f6102a560015473ffffffffffffffffffffffffffffffffffffffff1690565b905090565b6102b261030f565b73ffffffffffffffffffffffffffffffffffffffff8116610306576040517f1e4fbdf70000000000000000000000000000000000000000000000000000000081525f60048201526024015b60405180910390fd5b61026f81610372565b5f5473ffffffffffffffffffffffffffffffffffffffff163314610283576040517f118cdaa70000000000000000000000000000000000000000000000000000000081523360048201526024016102fd565b61036961030f565b61026f816103e6565b5f805473ffffffffffffffffffffffffffffffffffffffff8381167fffffffffffffffffffffffff0000000000000000000000000000000000000000831681178455604051919092169283917f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e09190a35050565b8073ffffffffffffffffffffffffffffffffffffffff163b5f0361044e576040517f847ac56400000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff821660048201526024016102fd565b600180547fffffffffffffffffffffffff00000000000000000000000000000000000000001673ffffffffffffffffffffffffffffffffffffffff83169081179091556040517fbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b905f90a250565b5f602082840312156104cc575f5ffd5b813573ffffffffffffffffffffffffffffffffffffffff811681146104ef575f5ffd5b9392505050565b5f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff820361054b577f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b506001019056fea2646970667358221220f7a38ca9e3becff861b6124202b5cf3af40373b7e36fafd01f134813e078ad9264736f6c634300081c0033';
